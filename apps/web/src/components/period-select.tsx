import { Select } from '@mantine/core';
import { type ReportPeriod, reportPeriods } from '@somero/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { can } from '../lib/access';
import { fetchData } from '../lib/api';
import { useUser } from '../lib/auth';
import { sharedKeys } from '../lib/query-keys';
import type { DateRange } from './list-filters';

/**
 * "This term", "Last term" and "This financial year" for a report: choosing one fills the dates (the
 * server's `report_periods`: a term runs from the day after the term before it closed). Dates typed by
 * hand leave it empty.
 */
export function PeriodSelect({ value, onChange }: { value: DateRange; onChange: (next: DateRange) => void }) {
  const { t } = useTranslation();
  // Only for those who hold a report's flag (a screen of another flag may share the date fields).
  const allowed = can(useUser(), reportPeriods.access);
  const periods =
    useQuery({
      queryKey: sharedKeys.reportPeriods,
      queryFn: () => fetchData(reportPeriods, {}).then((r) => r.data),
      staleTime: 60_000,
      enabled: allowed,
    }).data ?? [];
  if (!allowed) return null;
  const chosen = periods.find((p) => p.from === value.from && p.to === value.to);
  const label = (p: ReportPeriod) => t(`periods.${p.key}`, { name: p.name });
  return (
    <Select
      label={t('periods.label')}
      placeholder={t('periods.dates')}
      w={240}
      data={periods.map((p) => ({ value: p.key, label: label(p) }))}
      value={chosen?.key ?? null}
      onChange={(key) => {
        const p = periods.find((x) => x.key === key);
        if (p) onChange({ from: p.from, to: p.to });
      }}
      allowDeselect={false}
    />
  );
}
