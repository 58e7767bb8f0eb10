import { Paper, Title } from '@mantine/core';
import type { amendmentsCall, MoneyAmendmentRow } from '@somero/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchData } from '../lib/api';
import { formatDate, formatDateTime, formatMoney } from '../lib/format';
import { DataTable } from './data-table';
import { useReferenceRows } from './resource/reference-options';

/** How one amendable field reads in the history: its label and how a value shows ("UGX 30,000", "10 Mar 2026"). */
export interface AmendedField {
  label: string;
  show?: (value: unknown) => string;
}

/** How a field holding another record's id shows in the history: that record's name ("Cash", "Sale of maize"). */
export function useNamed(references: string) {
  const rows = useReferenceRows(references);
  return (value: unknown) => String(rows.data?.find((r) => r.id === value)?.name ?? value);
}

/** How an amount (UGX 30,000) and a date (10 Mar 2026) show in the history. */
export const shownAs = {
  money: (value: unknown) => formatMoney(Number(value)),
  date: (value: unknown) => formatDate(String(value)),
};

/**
 * A money document's corrections, oldest first, as every money screen shows them under the document:
 * "Amount: UGX 30,000 → UGX 35,000", who, when and why. Nothing when it was never amended.
 */
export function AmendmentHistory({
  call,
  id,
  fields,
  queryKey,
}: {
  /** The document's `<document>_amendments/{id}` call. */
  call: ReturnType<typeof amendmentsCall>;
  id: number;
  fields: Record<string, AmendedField>;
  /** The history's key from the area's keys, under the document's, so what refreshes one refreshes both. */
  queryKey: readonly unknown[];
}) {
  const { t } = useTranslation();
  const history = useQuery({
    queryKey,
    queryFn: () => fetchData(call, {}, { id }).then((r) => r.data),
  });
  if (!history.data?.length) return null;
  const shown = (field: string, value: unknown) => {
    if (value === null || value === undefined || value === '') return '—';
    return fields[field]?.show?.(value) ?? String(value);
  };
  const changes = (a: MoneyAmendmentRow) =>
    Object.keys(a.after)
      .map((f) => `${fields[f]?.label ?? f}: ${shown(f, a.before[f])} → ${shown(f, a.after[f])}`)
      .join('; ');
  return (
    <Paper withBorder p="md" mt="md" data-testid="amendments">
      <Title order={4} mb="sm">
        {t('amendments.title')}
      </Title>
      <DataTable
        query={history}
        rows={history.data}
        empty=""
        columns={[
          { key: 'at', label: t('amendments.at'), render: (a) => formatDateTime(a.at) },
          { key: 'by_name', label: t('amendments.by') },
          { key: 'changes', label: t('amendments.changes'), render: changes },
          { key: 'reason', label: t('amendments.reason'), render: (a) => a.reason ?? '—' },
        ]}
      />
    </Paper>
  );
}
