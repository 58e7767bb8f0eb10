import { Alert, Button, Group, Paper, SegmentedControl, Text } from '@mantine/core';
import { type ClassRegister, markRegister, type RegisterStatus, registerStatuses } from '@somero/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClassStreamSelect } from '../../components/class-stream-select';
import { DataTable } from '../../components/data-table';
import { DateField } from '../../components/date-field';
import { PageHeader } from '../../components/page-title';
import { api } from '../../lib/api';
import { formatDate, today } from '../../lib/format';
import { kampalaClock } from './gate';

/**
 * /attendance: a class teacher's register. Choose the class (and stream) and the day; each student
 * shows the gate's check-in and takes present, late, absent or excused; "everyone present" fills the
 * unmarked; Save writes the changes. The register's absent or excused wins over the gate.
 */
export default function RegisterScreen() {
  const { t } = useTranslation('attendance');
  const [classId, setClassId] = useState<number | null>(null);
  const [streamId, setStreamId] = useState<number | null>(null);
  const [date, setDate] = useState(today());
  const [register, setRegister] = useState<ClassRegister | null>(null);
  const [marks, setMarks] = useState<Record<number, RegisterStatus>>({});

  useEffect(() => {
    if (!classId || !date) return;
    let live = true;
    void api(
      markRegister,
      { class_id: classId, stream_id: streamId ?? undefined, date },
      { module: 'attendance', quiet: true },
    ).then((res) => {
      if (!live || !res.ok) return;
      setRegister(res.data);
      setMarks(
        Object.fromEntries(
          res.data.students.filter((s) => s.status).map((s) => [s.student_id, s.status as RegisterStatus]),
        ),
      );
    });
    return () => {
      live = false;
    };
  }, [classId, streamId, date]);

  const save = async () => {
    if (!classId || !register) return;
    const res = await api(
      markRegister,
      {
        class_id: classId,
        stream_id: streamId ?? undefined,
        date,
        marks: Object.entries(marks).map(([id, status]) => ({ student_id: Number(id), status })),
      },
      { module: 'attendance' },
    );
    if (res.ok) setRegister(res.data);
  };
  const everyonePresent = () =>
    setMarks((m) => ({
      ...Object.fromEntries((register?.students ?? []).map((s) => [s.student_id, 'present' as RegisterStatus])),
      ...m,
    }));
  const counts = registerStatuses.map(
    (s) => `${t(`status.${s}`)}: ${Object.values(marks).filter((m) => m === s).length}`,
  );

  return (
    <div data-screen-status="built">
      <PageHeader />
      <Paper withBorder p="md" mb="md">
        <Group align="flex-end" wrap="wrap">
          <ClassStreamSelect
            labels={{ class: t('fields.class'), stream: t('fields.stream'), allStreams: t('register.allStreams') }}
            widths={[140, 160]}
            value={{ class_id: classId, stream_id: streamId }}
            onChange={(next) => {
              setClassId(next.class_id ?? null);
              setStreamId(next.stream_id ?? null);
            }}
          />
          <DateField label={t('fields.date')} value={date} max={today()} onChange={setDate} />
        </Group>
      </Paper>
      {register ? (
        <Paper withBorder p="md">
          {!register.school_day ? (
            <Alert color="yellow" mb="sm">
              {t('register.notSchoolDay', { date: formatDate(register.date) })}
            </Alert>
          ) : null}
          <Group justify="space-between" mb="sm" wrap="wrap">
            <Text fw={600}>{counts.join(' · ')}</Text>
            <Group>
              <Button variant="light" onClick={everyonePresent}>
                {t('register.allPresent')}
              </Button>
              <Button onClick={() => void save()}>{t('register.save')}</Button>
            </Group>
          </Group>
          <DataTable
            rows={register.students}
            rowKey={(s) => s.student_id}
            empty={t('register.none')}
            minWidth={720}
            rowProps={(s) => ({ 'data-student': s.admission_no })}
            columns={[
              { key: 'name', label: t('fields.student') },
              { key: 'admission_no', label: t('fields.admissionNo') },
              { key: 'stream_name', label: t('fields.stream') },
              { key: 'checked_in_at', label: t('fields.gate'), render: (s) => kampalaClock(s.checked_in_at) },
              {
                key: 'status',
                label: t('fields.mark'),
                render: (s) => (
                  <SegmentedControl
                    size="xs"
                    value={marks[s.student_id] ?? ''}
                    onChange={(v) => setMarks((m) => ({ ...m, [s.student_id]: v as RegisterStatus }))}
                    data={registerStatuses.map((v) => ({ value: v, label: t(`status.${v}`) }))}
                    aria-label={t('register.markOf', { name: s.name })}
                  />
                ),
              },
            ]}
          />
        </Paper>
      ) : (
        <Text c="dimmed">{t('register.choose')}</Text>
      )}
    </div>
  );
}
