import { Alert, Button, Group, Modal, Paper, Select, Stack, Table, Text } from '@mantine/core';
import {
  type BudgetLineRow,
  expenseProjection,
  type Projection,
  projectExpenses,
  projectRevenues,
  revenueProjection,
} from '@somero/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { MoneyInput } from '../../components/money-input';
import { PageHeader } from '../../components/page-title';
import { api, fetchData } from '../../lib/api';
import { formatDate, formatMoney, formatNumber } from '../../lib/format';
import { budgetKeys } from './keys';
import { useYears, YearSelect } from './year-select';

type Side = 'revenue' | 'expense';
type Split = BudgetLineRow['split'];
interface Draft {
  amount: number | null;
  split: Split;
  parts: number[];
}
const keyOf = (l: { kind: string; category_id: number | null }) => `${l.kind}:${l.category_id ?? 0}`;
const draftOf = (p: Projection) =>
  Object.fromEntries(p.lines.map((l) => [keyOf(l), { amount: l.amount, split: l.split, parts: l.parts }])) as Record<
    string,
    Draft
  >;

/** The parts of one line per term or month, typed one under another; the line's amount is their sum. */
function PartsEditor({
  name,
  periods,
  labelOf,
  draft,
  onDone,
}: {
  name: string;
  periods: { from: string; to: string }[];
  labelOf: (i: number) => string;
  draft: Draft;
  onDone: (parts: number[] | null) => void;
}) {
  const { t } = useTranslation('budget');
  const even = (amount: number, n: number) =>
    Array.from({ length: n }, (_, i) => Math.floor(amount / n) + (i < amount % n ? 1 : 0));
  const [parts, setParts] = useState<(number | null)[]>(
    draft.parts.length === periods.length ? draft.parts : even(draft.amount ?? 0, periods.length),
  );
  const sum = parts.reduce<number>((a, p) => a + (p ?? 0), 0);
  const next = (e: KeyboardEvent<HTMLInputElement>, i: number) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    document.querySelector<HTMLInputElement>(`[data-part="${i + 1}"]`)?.focus();
  };
  return (
    <Modal opened onClose={() => onDone(null)} title={t('parts.title', { name })} centered>
      <Stack gap="xs">
        {periods.map((p, i) => (
          <MoneyInput
            key={p.from}
            label={periods.length > 3 ? labelOf(i) : `${labelOf(i)} (${formatDate(p.from)} – ${formatDate(p.to)})`}
            value={parts[i] ?? null}
            onChange={(v) => setParts(parts.map((x, j) => (j === i ? v : x)))}
            onKeyDown={(e) => next(e, i)}
            data-part={i}
            size="xs"
          />
        ))}
        <Text fw={600} data-testid="parts-total">
          {t('parts.total', { amount: formatMoney(sum) })}
        </Text>
        <Group justify="flex-end">
          <Button onClick={() => onDone(parts.map((x) => x ?? 0))}>{t('parts.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * /revenues/projection and /expenses/projection: a year's budget per category on one grid (Enter or ↓ goes
 * to the next amount, ↑ to the one above), beside last year's budget and actual; copy last year's budget or
 * actuals in one step; for revenues, the fees expected from the structure and enrolment.
 */
export default function BudgetGrid({ side }: { side: Side }) {
  const { t } = useTranslation('budget');
  const queryClient = useQueryClient();
  const years = useYears();
  const [yearId, setYearId] = useState<number | null>(null);
  const call = side === 'revenue' ? revenueProjection : expenseProjection;
  const save = side === 'revenue' ? projectRevenues : projectExpenses;
  const queryKey = budgetKeys.grid(side, yearId);
  const projection = useQuery({
    queryKey,
    queryFn: () => fetchData(call, { year_id: yearId ?? undefined }).then((r) => r.data),
    retry: false,
  });
  const data = projection.data;
  const [draft, setDraft] = useState<Record<string, Draft>>({});
  const [copying, setCopying] = useState<'budget' | 'actual' | null>(null);
  const [splitting, setSplitting] = useState<BudgetLineRow | null>(null);
  useEffect(() => {
    if (data) setDraft(draftOf(data));
  }, [data]);

  const closed = data?.year.status === 'closed';
  const set = (key: string, change: Partial<Draft>) =>
    setDraft((d) => ({ ...d, [key]: { ...d[key]!, ...change, parts: [] } }));
  const total = Object.values(draft).reduce((a, d) => a + (d.amount ?? 0), 0);
  const done = (result: { ok: boolean; data?: Projection }) => {
    if (result.ok && result.data) {
      queryClient.setQueryData(queryKey, result.data);
      void queryClient.invalidateQueries({ queryKey: budgetKeys.all });
    }
  };
  const submit = async () => {
    if (!data) return;
    const lines = data.lines.map((l) => {
      const d = draft[keyOf(l)]!;
      // Parts the school set are kept while the amount and split stay; otherwise split evenly.
      const parts = d.parts.length ? d.parts : undefined;
      return { kind: l.kind, category_id: l.category_id, amount: d.amount ?? 0, split: d.split, parts };
    });
    done(await api(save, { year_id: data.year.id, lines }));
  };
  const copy = async (from: 'budget' | 'actual') => {
    setCopying(null);
    if (data) done(await api(save, { year_id: data.year.id, copy_from: from }));
  };
  const useExpected = () => {
    const fees = data?.expected_fees;
    if (!fees) return;
    setDraft((d) => ({
      ...d,
      'fees:0': { amount: fees.total, split: 'term', parts: fees.terms.map((x) => x.amount) },
    }));
  };
  const move = (e: KeyboardEvent<HTMLInputElement>, row: number) => {
    const step = e.key === 'Enter' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    document.querySelector<HTMLInputElement>(`[data-amount-row="${row + step}"]`)?.focus();
  };

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <>
            <Button variant="light" disabled={!data?.previous || closed} onClick={() => setCopying('budget')}>
              {t('grid.copyBudget')}
            </Button>
            <Button variant="light" disabled={!data?.previous || closed} onClick={() => setCopying('actual')}>
              {t('grid.copyActual')}
            </Button>
          </>
        }
      />
      <Group mb="md" align="flex-end">
        <YearSelect value={yearId} onChange={setYearId} years={years.data} />
      </Group>
      {projection.isError ? <Alert color="yellow">{projection.error.message}</Alert> : null}
      {closed ? (
        <Alert color="gray" mb="md">
          {t('grid.closed', { name: data?.year.name })}
        </Alert>
      ) : null}
      {data?.expected_fees ? (
        <Paper withBorder p="md" mb="md" data-testid="expected-fees">
          <Group justify="space-between">
            <Text>
              {t('grid.expected', {
                amount: formatMoney(data.expected_fees.total),
                terms: data.expected_fees.terms
                  .map((x) =>
                    t('grid.expectedTerm', { term: x.term, amount: formatNumber(x.amount), students: x.students }),
                  )
                  .join('; '),
              })}
            </Text>
            <Button variant="light" onClick={useExpected} disabled={closed}>
              {t('grid.useExpected')}
            </Button>
          </Group>
        </Paper>
      ) : null}
      {data ? (
        <Paper withBorder p="md">
          <Table.ScrollContainer minWidth={720}>
            <Table striped verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('category')}</Table.Th>
                  <Table.Th ta="right">
                    {t('grid.lastBudget', { name: data.previous?.name ?? t('grid.lastYear') })}
                  </Table.Th>
                  <Table.Th ta="right">
                    {t('grid.lastActual', { name: data.previous?.name ?? t('grid.lastYear') })}
                  </Table.Th>
                  <Table.Th>{t('split.label')}</Table.Th>
                  <Table.Th />
                  <Table.Th ta="right">{t('grid.budget', { name: data.year.name })}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.lines.map((l, row) => {
                  const key = keyOf(l);
                  const d = draft[key] ?? { amount: 0, split: 'year' as Split, parts: [] };
                  return (
                    <Table.Tr key={key} data-line={l.name}>
                      <Table.Td>{l.name}</Table.Td>
                      <Table.Td ta="right">{formatNumber(l.last_budget)}</Table.Td>
                      <Table.Td ta="right">{formatNumber(l.last_actual)}</Table.Td>
                      <Table.Td w={130}>
                        <Select
                          size="xs"
                          aria-label={t('split.of', { name: l.name })}
                          data={(['year', 'term', 'month'] as const).map((s) => ({ value: s, label: t(`split.${s}`) }))}
                          value={d.split}
                          onChange={(v) => v && set(key, { split: v as Split })}
                          allowDeselect={false}
                          disabled={closed}
                        />
                      </Table.Td>
                      <Table.Td w={90}>
                        {d.split === 'year' ? null : (
                          <Button size="compact-xs" variant="subtle" onClick={() => setSplitting(l)} disabled={closed}>
                            {t('parts.edit')}
                          </Button>
                        )}
                      </Table.Td>
                      <Table.Td w={200}>
                        <MoneyInput
                          size="xs"
                          aria-label={t('grid.amountOf', { name: l.name })}
                          value={d.amount}
                          onChange={(v) => set(key, { amount: v })}
                          onKeyDown={(e) => move(e, row)}
                          data-amount-row={row}
                          disabled={closed}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th>{t('total')}</Table.Th>
                  <Table.Th ta="right">{formatNumber(data.lines.reduce((a, l) => a + l.last_budget, 0))}</Table.Th>
                  <Table.Th ta="right">{formatNumber(data.lines.reduce((a, l) => a + l.last_actual, 0))}</Table.Th>
                  <Table.Th />
                  <Table.Th />
                  <Table.Th ta="right" data-testid="grid-total">
                    {formatMoney(total)}
                  </Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
          <Group justify="flex-end" mt="md">
            <Button onClick={() => void submit()} disabled={closed}>
              {t('grid.save')}
            </Button>
          </Group>
        </Paper>
      ) : null}
      {splitting && data ? (
        <PartsEditor
          name={splitting.name}
          periods={draft[keyOf(splitting)]?.split === 'month' ? data.months : data.terms}
          labelOf={(i) =>
            draft[keyOf(splitting)]?.split === 'month'
              ? formatDate(data.months[i]?.from).split(' ').slice(1).join(' ')
              : t('split.termN', { n: i + 1 })
          }
          draft={draft[keyOf(splitting)] ?? { amount: 0, split: 'term', parts: [] }}
          onDone={(parts) => {
            const key = keyOf(splitting);
            setSplitting(null);
            if (parts)
              setDraft((d) => ({ ...d, [key]: { ...d[key]!, amount: parts.reduce((a, b) => a + b, 0), parts } }));
          }}
        />
      ) : null}
      <ConfirmDialog
        opened={Boolean(copying)}
        title={copying === 'actual' ? t('grid.copyActual') : t('grid.copyBudget')}
        message={t(copying === 'actual' ? 'grid.copyActualMessage' : 'grid.copyBudgetMessage', {
          from: data?.previous?.name ?? '',
          to: data?.year.name ?? '',
        })}
        confirmLabel={t('grid.copy')}
        onConfirm={() => copying && void copy(copying)}
        onClose={() => setCopying(null)}
      />
    </div>
  );
}
