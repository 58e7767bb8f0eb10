import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { staffAttendanceSummary, studentAttendanceSummary } from '@somero/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-title';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { formatDate, formatNumber } from '../../lib/format';
import { ExportButton, ReportLoadState, useAskedReport } from '../fees-reports';
import { PdfButton, RangeForm, thisMonth } from './report-form';

/**
 * The attendance summary of a range (this month by default): each student's (or staff member's) days
 * present, absent, late and excused of the school days, and each class's rate.
 */
function SummaryScreen({ person }: { person: 'student' | 'staff' }) {
  const { t } = useTranslation('attendance');
  const [range, setRange] = useState(thisMonth);
  const [classId, setClassId] = useState<number | null>(null);
  const call = person === 'student' ? studentAttendanceSummary : staffAttendanceSummary;
  const filters = { ...range, ...(person === 'student' && classId ? { class_id: classId } : {}) };
  const { report, asked, errors, submit } = useAskedReport(`attendance-summary-${person}`, call, filters);
  const data = report.data;
  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <Group>
            <ExportButton call={call} body={asked} defaultName={`${person}_attendance_summary.xlsx`} />
            <PdfButton call={call} body={asked} />
          </Group>
        }
      />
      <RangeForm value={range} onChange={setRange} onSubmit={submit} errors={errors}>
        {person === 'student' ? (
          <ReferenceSelect
            label={t('fields.class')}
            placeholder={t('report.allClasses')}
            references="classes"
            w={140}
            value={classId}
            onChange={setClassId}
          />
        ) : null}
      </RangeForm>
      <ReportLoadState report={report} />
      {data ? (
        <>
          <Text mb="sm" fw={600} data-testid="school-days">
            {t('summary.days', { from: formatDate(data.from), to: formatDate(data.to), count: data.school_days })}
          </Text>
          <Stack>
            {person === 'student' ? (
              <Paper withBorder p="md">
                <Title order={4} mb="sm">
                  {t('summary.byClass')}
                </Title>
                <DataTable
                  rows={data.classes}
                  rowKey={(c) => c.class_name}
                  minWidth={480}
                  empty={t('summary.none')}
                  columns={[
                    { key: 'class_name', label: t('fields.class') },
                    { key: 'people', label: t('summary.students'), numeric: true },
                    {
                      key: 'present',
                      label: t('summary.daysPresent'),
                      numeric: true,
                      render: (c) => formatNumber(c.present),
                    },
                    {
                      key: 'possible',
                      label: t('summary.possible'),
                      numeric: true,
                      render: (c) => formatNumber(c.possible),
                    },
                    { key: 'percent', label: '%', numeric: true, render: (c) => `${c.percent}%` },
                  ]}
                />
              </Paper>
            ) : null}
            <Paper withBorder p="md">
              <DataTable
                rows={data.rows}
                rowKey={(r) => r.person_id}
                empty={t('summary.none')}
                minWidth={620}
                columns={[
                  { key: 'name', label: t(`fields.${person}`) },
                  { key: 'number', label: t(person === 'student' ? 'fields.admissionNo' : 'fields.initials') },
                  ...(person === 'student' ? [{ key: 'class_name', label: t('fields.class') }] : []),
                  { key: 'present', label: t('summary.present'), numeric: true },
                  { key: 'absent', label: t('summary.absent'), numeric: true },
                  ...(person === 'student'
                    ? [
                        { key: 'late', label: t('status.late'), numeric: true },
                        { key: 'excused', label: t('status.excused'), numeric: true },
                      ]
                    : []),
                  { key: 'percent', label: '%', numeric: true, render: (r) => `${r.percent}%` },
                ]}
              />
            </Paper>
          </Stack>
        </>
      ) : null}
    </div>
  );
}

export const StudentSummary = () => <SummaryScreen person="student" />;
export const StaffSummary = () => <SummaryScreen person="staff" />;
