import { Select } from 'antd';

/**
 * A list's state filter: "All" first, then each state in words; a change starts the keyset
 * pages again at page 1 (`onChange` does, as its caller's list).
 */
export function StateFilter<S extends string>({
  label,
  all,
  states,
  word,
  value,
  onChange,
}: {
  label: string;
  all: string;
  states: readonly S[];
  word: (s: S) => string;
  value: S | undefined;
  onChange: (s: S | undefined) => void;
}) {
  return (
    <Select<S | 'any'>
      aria-label={label}
      value={value ?? 'any'}
      style={{ width: 180 }}
      onChange={(s) => onChange(s === 'any' ? undefined : (s as S))}
      options={[{ value: 'any', label: all }, ...states.map((s) => ({ value: s, label: word(s) }))]}
    />
  );
}
