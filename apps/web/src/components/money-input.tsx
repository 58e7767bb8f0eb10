import { NumberInput, type NumberInputProps } from '@mantine/core';

interface Props extends Omit<NumberInputProps, 'value' | 'onChange'> {
  value: number | null;
  onChange: (value: number | null) => void;
  currency?: string;
}

/** Whole shillings with thousands separators: money is never a fraction (ARCHITECTURE §4). */
export function MoneyInput({ value, onChange, currency = 'UGX', ...props }: Props) {
  return (
    <NumberInput
      thousandSeparator=","
      prefix={`${currency} `}
      allowDecimal={false}
      allowNegative={false}
      hideControls
      {...props}
      value={value ?? ''}
      onChange={(next) => onChange(typeof next === 'number' ? next : next === '' ? null : Number(next))}
    />
  );
}
