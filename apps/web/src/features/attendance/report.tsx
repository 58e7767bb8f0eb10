import { Badge, Group, Paper, Text } from '@mantine/core';
import { staffAttendanceReport, studentAttendanceReport } from '@somero/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-title';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { formatDate } from '../../lib/format';
import { ExportButton, ReportLoadState, useAskedReport } from '../fees-reports';
import { kampalaClock } from './gate';
import { PdfButton, RangeForm, thisMonth } from './report-form';

const colours = { present: 'green', late: 'yellow', absent: 'red', excused: 'gray' } as const;

/** The day-by-day report: each school day's mark of each student of a class (or each staff member) and the gate's times. */
function ReportScreen({ person }: { person: 'student' | 'staff' }) {
  const { t } = useTranslation('attendance');
  const [range, setRange] = useState(thisMonth);
  const [classId, setClassId] = useState<number | null>(null);
  const student = person === 'student';
  const call = student ? studentAttendanceReport : staffAttendanceReport;
  const filters = { ...range, ...(student ? { class_id: classId ?? 0 } : {}) };
  const { report, asked, errors, submit } = useAskedReport(`attendance-report-${person}`, call, filters);
  const waiting = student && !(asked as { class_id?: number }).class_id;
  const data = waiting ? undefined : report.data;
  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <Group>
            <ExportButton
              call={call}
              body={asked}
              defaultName={`${person}_attendance_report.xlsx`}
              disabled={waiting}
            />
            <PdfButton call={call} body={asked} />
          </Group>
        }
      />
      <RangeForm value={range} onChange={setRange} onSubmit={submit} errors={errors}>
        {student ? (
          <ReferenceSelect
            label={t('fields.class')}
            references="classes"
            w={140}
            value={classId}
            onChange={setClassId}
            error={waiting ? undefined : errors.class_id}
          />
        ) : null}
      </RangeForm>
      {waiting ? <Text c="dimmed">{t('report.chooseClass')}</Text> : <ReportLoadState report={report} />}
      {data ? (
        <Paper withBorder p="md">
          <Text mb="sm" fw={600}>
            {t('summary.days', {
              from: formatDate(data.from),
              to: formatDate(data.to),
              count: data.school_days.length,
            })}
          </Text>
          <DataTable
            rows={data.rows}
            rowKey={(r) => `${r.day}:${r.person_id}`}
            empty={t('summary.none')}
            minWidth={640}
            columns={[
              { key: 'day', label: t('fields.date'), render: (r) => formatDate(r.day) },
              { key: 'name', label: t(`fields.${person}`) },
              { key: 'number', label: t(student ? 'fields.admissionNo' : 'fields.initials') },
              {
                key: 'status',
                label: t('fields.mark'),
                render: (r) => (
                  <Badge variant="light" color={colours[r.status ?? 'absent']}>
                    {t(`status.${r.status ?? 'absent'}`)}
                  </Badge>
                ),
              },
              { key: 'checked_in_at', label: t('fields.in'), render: (r) => kampalaClock(r.checked_in_at) },
              { key: 'checked_out_at', label: t('fields.out'), render: (r) => kampalaClock(r.checked_out_at) },
            ]}
          />
        </Paper>
      ) : null}
    </div>
  );
}

export const StudentReport = () => <ReportScreen person="student" />;
export const StaffReport = () => <ReportScreen person="staff" />;
