import { Select } from '@mantine/core';
import { type FyearRow, listFyears } from '@somero/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchData } from '../../lib/api';
import { budgetKeys } from './keys';

export const yearsKey = budgetKeys.years;

/** The school's financial years, latest first. */
export function useYears() {
  return useQuery({ queryKey: yearsKey, queryFn: () => fetchData(listFyears, {}).then((r) => r.data) });
}

/** A financial year to show; none chosen means the current year. */
export function YearSelect({
  value,
  onChange,
  years,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
  years: FyearRow[] | undefined;
}) {
  const { t } = useTranslation('budget');
  const current = years?.find((y) => y.is_current);
  return (
    <Select
      label={t('year')}
      w={200}
      data={(years ?? []).map((y) => ({
        value: String(y.id),
        label: y.is_current
          ? t('currentYear', { name: y.name })
          : y.status === 'closed'
            ? t('closedYear', { name: y.name })
            : y.name,
      }))}
      value={value ? String(value) : current ? String(current.id) : null}
      onChange={(v) => onChange(v ? Number(v) : null)}
      allowDeselect={false}
      data-testid="year-select"
    />
  );
}
