import { Textarea } from '@mantine/core';

interface Props {
  /** The screen's own words: "Reason", and what it is for. */
  label: string;
  description?: string;
  value: string;
  onChange: (reason: string) => void;
  error?: string;
  /** The first field of its modal (a void dialog): focused when the modal opens. */
  autoFocus?: boolean;
  /** A contract form checks the reason when it is left (lib/contract-form.ts). */
  onBlur?: () => void;
  onFocus?: () => void;
}

/** The reason an amendment or a void must give: a required text area that grows as it is typed. */
export function ReasonField({ label, description, value, onChange, error, autoFocus, onBlur, onFocus }: Props) {
  return (
    <Textarea
      label={label}
      description={description}
      required
      autosize
      minRows={2}
      data-autofocus={autoFocus || undefined}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      onBlur={onBlur}
      onFocus={onFocus}
    />
  );
}
