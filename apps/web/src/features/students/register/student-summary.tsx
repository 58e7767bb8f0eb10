import { Grid, Paper, Table, Title } from '@mantine/core';
import { studentSummary } from '@somero/contract';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../../components/bar-chart';
import { CenteredLoader } from '../../../components/centered-loader';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-title';
import { fetchData } from '../../../lib/api';
import { formatNumber } from '../../../lib/format';
import { studentKeys } from '../keys';

type Counts = { male: number; female: number; day: number; boarding: number; total: number };
const keys = ['male', 'female', 'day', 'boarding', 'total'] as const;

/** /students/summary: current students by class and stream, gender and section, with totals per class. */
export default function StudentSummaryScreen() {
  const { t } = useTranslation('students');
  const summary = useQuery({
    queryKey: studentKeys.summary,
    queryFn: () => fetchData(studentSummary, {}).then((r) => r.data),
  });
  const cells = (c: Counts, bold = false) =>
    keys.map((k) => (
      <Table.Td key={k} ta="right" fw={bold || k === 'total' ? 700 : undefined}>
        {formatNumber(c[k])}
      </Table.Td>
    ));

  return (
    <div data-screen-status="built">
      <PageHeader />
      {summary.isPending ? (
        <CenteredLoader />
      ) : summary.isError ? (
        <LoadError error={summary.error} onRetry={() => void summary.refetch()} />
      ) : (
        <Grid>
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Paper withBorder p="md">
              <Table.ScrollContainer minWidth={560}>
                <Table data-testid="summary-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('summary.classStream')}</Table.Th>
                      {keys.map((k) => (
                        <Table.Th key={k} ta="right">
                          {t(`summary.${k}`)}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {summary.data.classes.map((c) => (
                      <Fragment key={c.class_id}>
                        <Table.Tr bg="var(--mantine-color-gray-0)" data-class={c.class_name}>
                          <Table.Td fw={700}>{c.class_name}</Table.Td>
                          {cells(c, true)}
                        </Table.Tr>
                        {c.streams.map((s) => (
                          <Table.Tr key={`${c.class_id}-${s.stream_id ?? 'none'}`}>
                            <Table.Td pl="xl">{s.stream_id ? s.stream_name : t('summary.noStream')}</Table.Td>
                            {cells(s)}
                          </Table.Tr>
                        ))}
                      </Fragment>
                    ))}
                  </Table.Tbody>
                  <Table.Tfoot>
                    <Table.Tr data-class="total">
                      <Table.Th>{t('summary.all')}</Table.Th>
                      {keys.map((k) => (
                        <Table.Th key={k} ta="right">
                          {formatNumber(summary.data.totals[k])}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Tfoot>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Paper withBorder p="md">
              <Title order={3} size="h4" mb="md">
                {t('summary.chart')}
              </Title>
              <BarChart
                label={t('summary.chart')}
                bars={summary.data.classes.map((c) => ({ label: c.class_name, value: c.total }))}
              />
            </Paper>
          </Grid.Col>
        </Grid>
      )}
    </div>
  );
}
