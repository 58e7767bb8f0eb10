import { Stack } from '@mantine/core';
import { studentVisits } from '@somero/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { fetchData } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { visitorKeys } from './keys';
import { stayLabel, VisitStatus, visitorLine } from './visit-parts';

/** The Visits tab of a student's profile: who came to see the student, when, why and what they brought. */
export default function StudentVisits({ studentId }: { studentId: number }) {
  const { t } = useTranslation('visitors');
  const visits = useQuery({
    queryKey: visitorKeys.student(studentId),
    queryFn: () => fetchData(studentVisits, { student_id: studentId }).then((r) => r.data),
  });
  return (
    <Stack gap="xs" data-testid="student-visits">
      <DataTable
        query={visits}
        rows={visits.data}
        empty={t('profile.none')}
        minWidth={700}
        rowProps={(v) => ({ 'data-visit': String(v.id), 'data-status': v.status })}
        columns={[
          { key: 'time_in', label: t('fields.timeIn'), width: 150, render: (v) => formatDateTime(v.time_in) },
          {
            key: 'visitor',
            label: t('fields.visitor'),
            render: (v) => `${visitorLine(v)}${v.relationship ? ` (${v.relationship})` : ''}`,
          },
          { key: 'purpose', label: t('fields.purpose') },
          { key: 'items', label: t('fields.itemsBrought'), render: (v) => v.items_brought ?? '' },
          { key: 'stay', label: t('fields.stay'), render: (v) => stayLabel(v.minutes) },
          { key: 'status', label: t('fields.status'), render: (v) => <VisitStatus visit={v} /> },
        ]}
      />
    </Stack>
  );
}
