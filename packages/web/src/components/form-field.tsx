import type { ReactNode } from 'react';
import './form-field.css';

export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  status: 'error' | undefined;
  'aria-required'?: true;
}

interface FormFieldProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  /** Marks the label (a red asterisk, as antd's Form does) and the control (aria-required). */
  required?: boolean;
  /** Renders the control with the ids and error state wired for assistive technology. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled field with its error message, for forms kept off antd's Form (which brings
 * Tooltip and a validator library) on pages that must load fast, such as /login.
 */
export function FormField({ id, label, error, required, children }: FormFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={error ? 'form-field form-field--error' : 'form-field'}>
      {required ? (
        // The mark outside the label, so that the field's name stays the label's text.
        <div className="form-field__label">
          <span className="form-field__required" aria-hidden="true">
            *
          </span>
          <label htmlFor={id}>{label}</label>
        </div>
      ) : (
        <label htmlFor={id} className="form-field__label">
          {label}
        </label>
      )}
      {children({
        id,
        'aria-invalid': !!error,
        'aria-describedby': error ? errorId : undefined,
        status: error ? 'error' : undefined,
        ...(required ? { 'aria-required': true as const } : {}),
      })}
      {error && (
        <div id={errorId} className="form-field__error">
          {error}
        </div>
      )}
    </div>
  );
}
