import type { ReactNode } from 'react';
import './form-field.css';

export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  status: 'error' | undefined;
}

interface FormFieldProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  /** Renders the control with the ids and error state wired for assistive technology. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled field with its error message, for forms kept off antd's Form (which brings
 * Tooltip and a validator library) on pages that must load fast, such as /login.
 */
export function FormField({ id, label, error, children }: FormFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={error ? 'form-field form-field--error' : 'form-field'}>
      <label htmlFor={id} className="form-field__label">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': !!error,
        'aria-describedby': error ? errorId : undefined,
        status: error ? 'error' : undefined,
      })}
      {error && (
        <div id={errorId} className="form-field__error">
          {error}
        </div>
      )}
    </div>
  );
}
