import { Alert, Group, Paper, Table, Text } from '@mantine/core';
import { expenseProjection, revenueProjection } from '@somero/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-title';
import { fetchData } from '../../lib/api';
import { formatDate, formatMoney, formatNumber } from '../../lib/format';
import { budgetKeys } from './keys';
import { useYears, YearSelect } from './year-select';

type Side = 'revenue' | 'expense';

/**
 * /revenues/budget and /expenses/budget: a year's budget per category, each split per term or month shown
 * part by part, with last year's budget and actual beside it.
 */
export default function BudgetView({ side }: { side: Side }) {
  const { t } = useTranslation('budget');
  const years = useYears();
  const [yearId, setYearId] = useState<number | null>(null);
  const call = side === 'revenue' ? revenueProjection : expenseProjection;
  const projection = useQuery({
    queryKey: budgetKeys.grid(side, yearId),
    queryFn: () => fetchData(call, { year_id: yearId ?? undefined }).then((r) => r.data),
    retry: false,
  });
  const data = projection.data;
  const periodName = (split: string, i: number) => {
    if (!data) return '';
    if (split === 'term') return t('split.termN', { n: i + 1 });
    const month = data.months[i];
    return month ? (formatDate(month.from).split(' ')[1] ?? '') : '';
  };

  return (
    <div data-screen-status="built">
      <PageHeader />
      <Group mb="md" align="flex-end">
        <YearSelect value={yearId} onChange={setYearId} years={years.data} />
        {data ? (
          <Text mb={6} c="dimmed">
            {t('view.span', { from: formatDate(data.year.starts_on), to: formatDate(data.year.ends_on) })}
          </Text>
        ) : null}
      </Group>
      {projection.isError ? <Alert color="yellow">{projection.error.message}</Alert> : null}
      {data ? (
        <Paper withBorder p="md">
          <Table.ScrollContainer minWidth={720}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('category')}</Table.Th>
                  <Table.Th>{t('split.label')}</Table.Th>
                  <Table.Th>{t('view.parts')}</Table.Th>
                  <Table.Th ta="right">{t('grid.budget', { name: data.year.name })}</Table.Th>
                  <Table.Th ta="right">
                    {t('grid.lastBudget', { name: data.previous?.name ?? t('grid.lastYear') })}
                  </Table.Th>
                  <Table.Th ta="right">
                    {t('grid.lastActual', { name: data.previous?.name ?? t('grid.lastYear') })}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.lines.map((l) => (
                  <Table.Tr key={`${l.kind}:${l.category_id}`} data-line={l.name}>
                    <Table.Td>{l.name}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{t(`split.${l.split}`)}</Table.Td>
                    <Table.Td>
                      <Text size="xs">
                        {l.parts.map((p, i) => `${periodName(l.split, i)}: ${formatNumber(p)}`).join(' · ')}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" data-testid="line-budget">
                      {formatNumber(l.amount)}
                    </Table.Td>
                    <Table.Td ta="right">{formatNumber(l.last_budget)}</Table.Td>
                    <Table.Td ta="right">{formatNumber(l.last_actual)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th colSpan={3}>{t('total')}</Table.Th>
                  <Table.Th ta="right" data-testid="budget-total" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(data.total)}
                  </Table.Th>
                  <Table.Th ta="right">{formatNumber(data.lines.reduce((a, l) => a + l.last_budget, 0))}</Table.Th>
                  <Table.Th ta="right">{formatNumber(data.lines.reduce((a, l) => a + l.last_actual, 0))}</Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      ) : null}
    </div>
  );
}
