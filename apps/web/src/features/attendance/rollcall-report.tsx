import { Group, Paper, Text } from '@mantine/core';
import { rollcallReport } from '@somero/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-title';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { formatDate, formatNumber } from '../../lib/format';
import { ExportButton, ReportLoadState, useAskedReport } from '../fees-reports';
import { kampalaClock } from './gate';
import { PdfButton, RangeForm, thisMonth } from './report-form';

/** /rollcall/report: the roll-calls of a range by category and class, with their absentees by name. */
export default function RollcallReportScreen() {
  const { t } = useTranslation('attendance');
  const [range, setRange] = useState(thisMonth);
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [classId, setClassId] = useState<number | null>(null);
  const filters = {
    ...range,
    ...(categoryId ? { category_id: categoryId } : {}),
    ...(classId ? { class_id: classId } : {}),
  };
  const { report, asked, errors, submit } = useAskedReport('rollcall-report', rollcallReport, filters);
  const data = report.data;
  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <Group>
            <ExportButton call={rollcallReport} body={asked} defaultName="rollcall_report.xlsx" />
            <PdfButton call={rollcallReport} body={asked} />
          </Group>
        }
      />
      <RangeForm value={range} onChange={setRange} onSubmit={submit} errors={errors}>
        <ReferenceSelect
          label={t('fields.rollcall')}
          placeholder={t('report.all')}
          references="rollcal/categories"
          w={170}
          value={categoryId}
          onChange={setCategoryId}
        />
        <ReferenceSelect
          label={t('fields.class')}
          placeholder={t('report.allClasses')}
          references="classes"
          w={130}
          value={classId}
          onChange={setClassId}
        />
      </RangeForm>
      <ReportLoadState report={report} />
      {data ? (
        <Paper withBorder p="md">
          <Text mb="sm" fw={600} data-testid="rollcall-totals">
            {t('rollcall.totals', {
              count: data.rows.length,
              n: formatNumber(data.rows.length),
              present: formatNumber(data.present),
              absent: formatNumber(data.absent),
            })}
          </Text>
          <DataTable
            rows={data.rows}
            empty={t('rollcall.noneTaken')}
            minWidth={900}
            columns={[
              { key: 'date', label: t('fields.date'), render: (r) => formatDate(r.date) },
              { key: 'category', label: t('fields.rollcall') },
              { key: 'group', label: t('fields.group') },
              {
                key: 'taken_at',
                label: t('rollcall.takenBy'),
                render: (r) => `${r.taken_by}, ${kampalaClock(r.taken_at)}`,
              },
              { key: 'present', label: t('rollcall.present'), numeric: true },
              { key: 'absent', label: t('rollcall.absent'), numeric: true },
              { key: 'absentees', label: t('rollcall.absentees') },
              { key: 'comment', label: t('fields.comment') },
            ]}
          />
        </Paper>
      ) : null}
    </div>
  );
}
