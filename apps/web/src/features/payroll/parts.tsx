import { Group, NumberInput, Select } from '@mantine/core';
import { now as clockNow } from '@somero/contract';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';

/** A month of a year, as the payroll asks for it. */
export interface PayMonth {
  year: number;
  month: number;
}

export const thisMonth = (): PayMonth => {
  const now = clockNow();
  return { year: now.getFullYear(), month: now.getMonth() + 1 };
};

export const monthLabel = ({ year, month }: PayMonth) =>
  new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The year and month fields of the payroll screens. */
export function MonthFields({ value, onChange }: { value: PayMonth; onChange: (next: PayMonth) => void }) {
  const { t } = useTranslation('payroll');
  return (
    <Group gap="sm" align="flex-end">
      <Select
        label={t('month')}
        w={150}
        allowDeselect={false}
        data={Array.from({ length: 12 }, (_, i) => ({
          value: String(i + 1),
          label: monthLabel({ year: 2026, month: i + 1 }).split(' ')[0] as string,
        }))}
        value={String(value.month)}
        onChange={(v) => onChange({ ...value, month: Number(v ?? value.month) })}
      />
      <NumberInput
        label={t('year')}
        w={100}
        min={2000}
        max={2100}
        allowDecimal={false}
        value={value.year}
        onChange={(v) => typeof v === 'number' && onChange({ ...value, year: v })}
      />
    </Group>
  );
}

/** The money columns of a month's pay, shared by the temporary salary and the payments. */
export function payColumns<R extends Record<string, unknown>>(t: (key: string) => string) {
  // Shillings without the currency in every cell (the heading says UGX), so a row stays on one line.
  const money = (key: string) => ({
    key,
    label: t(`fields.${key}`),
    numeric: true,
    render: (r: R) => <span style={{ whiteSpace: 'nowrap' }}>{formatNumber(r[key] as number)}</span>,
  });
  return ['gross', 'paye', 'nssf_employee', 'lst', 'advance', 'others', 'net'].map(money);
}
