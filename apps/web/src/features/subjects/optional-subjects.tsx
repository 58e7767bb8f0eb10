import { Alert, Button, Checkbox, Group, Table, Text } from '@mantine/core';
import { getOptionalSubjects, type OptionalChoices, saveOptionalSubjects } from '@somero/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../components/centered-loader';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-title';
import { api, fetchData } from '../../lib/api';
import { useSaving } from '../../lib/saving';
import { type ClassChoice, ClassPicker } from './class-picker';
import { subjectKeys } from './keys';

type Ticks = Record<number, number[]>;
const same = (a: number[] = [], b: number[] = []) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * /optional/subjects: a class's students against the optional subjects of its curriculum, a checkbox
 * per cell (Tab moves between them, Space ticks). Only the students whose ticks changed are sent.
 */
export default function OptionalSubjects() {
  const { t } = useTranslation('subjects');
  const [choice, setChoice] = useState<ClassChoice>({});
  const [ticks, setTicks] = useState<Ticks>({});
  const saving = useSaving();
  const grid = useQuery({
    queryKey: subjectKeys.optional(choice),
    queryFn: () => fetchData(getOptionalSubjects, choice as never).then((r) => r.data as OptionalChoices),
    enabled: Boolean(choice.class_id),
  });
  const data = choice.class_id ? grid.data : undefined;
  useEffect(() => {
    setTicks(Object.fromEntries((data?.students ?? []).map((s) => [s.id, s.subject_ids])));
  }, [data]);
  const changed = (data?.students ?? []).filter((s) => !same(s.subject_ids, ticks[s.id]));

  const toggle = (student: number, subject: number, on: boolean) =>
    setTicks((all) => ({
      ...all,
      [student]: on ? [...(all[student] ?? []), subject] : (all[student] ?? []).filter((x) => x !== subject),
    }));
  const save = async () => {
    if (!choice.class_id || !changed.length) return;
    const result = await api(saveOptionalSubjects, {
      ...choice,
      class_id: choice.class_id,
      choices: changed.map((s) => ({ student_id: s.id, subject_ids: ticks[s.id] ?? [] })),
    });
    if (result.ok) await grid.refetch();
  };

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          data?.subjects.length ? (
            <Button onClick={() => void save()} loading={saving} disabled={!changed.length}>
              {t('save')}
            </Button>
          ) : null
        }
      />
      <ClassPicker value={choice} onChange={setChoice} />
      {!choice.class_id ? (
        <Text c="dimmed">{t('pickClass')}</Text>
      ) : grid.isError ? (
        <LoadError error={grid.error} onRetry={() => void grid.refetch()} />
      ) : !data ? (
        <CenteredLoader />
      ) : !data.subjects.length ? (
        <Alert color="gray">{t('noOptional')}</Alert>
      ) : !data.students.length ? (
        <Text c="dimmed">{t('noStudents')}</Text>
      ) : (
        <>
          <Group justify="space-between" mb="xs" wrap="wrap">
            <Text size="sm" c="dimmed">
              {t('optionalHelp')}
            </Text>
            {changed.length ? (
              <Text size="sm" c="orange" data-testid="unsaved">
                {t('unsaved', { count: changed.length })}
              </Text>
            ) : null}
          </Group>
          <Table.ScrollContainer minWidth={320}>
            <Table striped withTableBorder stickyHeader>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('student')}</Table.Th>
                  {data.subjects.map((s) => (
                    <Table.Th key={s.id} ta="center" title={s.name}>
                      {s.short_name || s.name}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.students.map((student) => (
                  <Table.Tr key={student.id}>
                    <Table.Td>
                      <Text size="sm">{student.name}</Text>
                      <Text size="xs" c="dimmed">
                        {student.admission_no}
                      </Text>
                    </Table.Td>
                    {data.subjects.map((s) => (
                      <Table.Td key={s.id} ta="center">
                        <Checkbox
                          aria-label={t('takes', { student: student.name, subject: s.name })}
                          checked={(ticks[student.id] ?? []).includes(s.id)}
                          onChange={(e) => toggle(student.id, s.id, e.currentTarget.checked)}
                          styles={{ body: { justifyContent: 'center' } }}
                        />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </div>
  );
}
