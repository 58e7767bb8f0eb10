import { Button, Grid, Group, Paper, Table, Title } from '@mantine/core';
import { studentsPeriodicReport } from '@somero/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/centered-loader';
import { DateField } from '../../../components/date-field';
import { EmptyRow } from '../../../components/empty-row';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-title';
import { ApiError, fetchData, fieldErrors } from '../../../lib/api';
import { formatNumber, today } from '../../../lib/format';
import { studentKeys } from '../keys';
import { StudentTable } from '../student-table';

const startOfYear = () => `${today().slice(0, 4)}-01-01`;

/** /students/reports/periodic: who was admitted and who left between two dates, by class. */
export default function PeriodicReportScreen() {
  const { t } = useTranslation('students');
  const [range, setRange] = useState({ from: startOfYear(), to: today() });
  const [asked, setAsked] = useState(range);
  const report = useQuery({
    queryKey: studentKeys.periodic(asked),
    queryFn: () => fetchData(studentsPeriodicReport, asked).then((r) => r.data),
  });
  const errors = report.error instanceof ApiError ? fieldErrors(report.error.result.errors) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAsked(range);
  };

  return (
    <div data-screen-status="built">
      <PageHeader />
      <Paper withBorder p="md" mb="md" component="form" onSubmit={submit} noValidate>
        <Group align="flex-end">
          <DateField
            label={t('periodic.from')}
            value={range.from}
            onChange={(day) => setRange({ ...range, from: day })}
            error={errors.from}
          />
          <DateField
            label={t('periodic.to')}
            value={range.to}
            onChange={(day) => setRange({ ...range, to: day })}
            error={errors.to}
          />
          <Button type="submit">{t('periodic.show')}</Button>
        </Group>
      </Paper>
      {report.isPending ? (
        <CenteredLoader />
      ) : report.isError ? (
        Object.keys(errors).length ? null : (
          <LoadError error={report.error} onRetry={() => void report.refetch()} />
        )
      ) : (
        <Grid>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Paper withBorder p="md">
              <Title order={3} size="h4" mb="sm">
                {t('periodic.byClass')}
              </Title>
              <Table data-testid="periodic-classes">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('columns.class')}</Table.Th>
                    <Table.Th ta="right">{t('periodic.admitted')}</Table.Th>
                    <Table.Th ta="right">{t('periodic.left')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.data.classes.length === 0 ? (
                    <EmptyRow colSpan={3}>{t('periodic.none')}</EmptyRow>
                  ) : (
                    report.data.classes.map((c) => (
                      <Table.Tr key={c.class_id}>
                        <Table.Td>{c.class_name}</Table.Td>
                        <Table.Td ta="right">{formatNumber(c.admitted)}</Table.Td>
                        <Table.Td ta="right">{formatNumber(c.left)}</Table.Td>
                      </Table.Tr>
                    ))
                  )}
                </Table.Tbody>
              </Table>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Paper withBorder p="md" mb="md">
              <Title order={3} size="h4" mb="sm">
                {t('periodic.admittedList', { n: report.data.admitted.length })}
              </Title>
              <StudentTable rows={report.data.admitted} empty={t('periodic.noneAdmitted')} />
            </Paper>
            <Paper withBorder p="md">
              <Title order={3} size="h4" mb="sm">
                {t('periodic.leftList', { n: report.data.left.length })}
              </Title>
              <StudentTable rows={report.data.left} empty={t('periodic.noneLeft')} />
            </Paper>
          </Grid.Col>
        </Grid>
      )}
    </div>
  );
}
