import { Alert, Badge, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  alevelClassMissingMarks,
  classMissingMarks,
  type MissingMarks,
  missingMarks,
  phoneDisplay,
  subjectChoiceLabel,
} from '@somero/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../components/centered-loader';
import { ClassStreamSelect } from '../../components/class-stream-select';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-title';
import { fetchData } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import { missingMarkKeys } from './keys';

/** Which screen: the whole school, one O-Level class, one A-Level class (per paper). */
export type MissingScope = 'school' | 'olevel' | 'alevel';

const calls = { school: missingMarks, olevel: classMissingMarks, alevel: alevelClassMissingMarks };

interface Filters {
  exam_set_id?: number;
  class_id?: number;
  stream_id?: number;
  subject_id?: number;
}

type TeacherGroup = MissingMarks['teachers'][number];
type Line = TeacherGroup['lines'][number];

/**
 * Missing marks as the Director of Studies chases them: one card per teacher (most missing first) with
 * the class, stream, subject or paper still to enter and, for one class, the students' names. Cards
 * stack on a phone; nothing is a wide table.
 */
export function MissingMarksScreen({ scope }: { scope: MissingScope }) {
  const { t } = useTranslation('missing-marks');
  const [filters, setFilters] = useState<Filters>({});
  const needsClass = scope !== 'school';
  const ready = !needsClass || Boolean(filters.class_id);
  const report = useQuery({
    queryKey: missingMarkKeys.list(scope, filters),
    queryFn: () => fetchData(calls[scope], filters as never).then((r) => r.data as MissingMarks),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
  const data = ready ? report.data : undefined;
  const set = data?.sets.find((s) => s.id === data.exam_set_id);

  return (
    <div data-screen-status="built">
      <PageHeader />
      <Paper withBorder p="md" mb="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <ClassStreamSelect
            labels={{ class: t('class'), stream: t('stream'), allStreams: t('allStreams') }}
            classPlaceholder={needsClass ? t('chooseClass') : t('allClasses')}
            classRequired={needsClass}
            classOnly={(o) => scope === 'school' || o.row.level === scope}
            value={filters}
            onChange={(next) =>
              // The subjects offered are the class's: a new class clears the subject.
              setFilters({
                ...filters,
                ...next,
                subject_id: next.class_id === filters.class_id ? filters.subject_id : undefined,
              })
            }
          />
          <Select
            label={t('examSet')}
            w={140}
            data={(data?.sets ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
            value={data?.exam_set_id ? String(data.exam_set_id) : null}
            onChange={(v) => setFilters({ ...filters, exam_set_id: v ? Number(v) : undefined })}
            allowDeselect={false}
          />
          <Select
            label={t('subject')}
            placeholder={t('allSubjects')}
            w={300}
            searchable
            clearable
            data={(data?.subjects ?? []).map((s) => ({ value: String(s.id), label: subjectChoiceLabel(s) }))}
            value={filters.subject_id ? String(filters.subject_id) : null}
            onChange={(v) => setFilters({ ...filters, subject_id: v ? Number(v) : undefined })}
          />
        </Group>
      </Paper>
      {!ready ? (
        <Text c="dimmed">{t('pickClass')}</Text>
      ) : report.isError ? (
        <LoadError error={report.error} onRetry={() => void report.refetch()} />
      ) : !data ? (
        <CenteredLoader />
      ) : !set ? (
        <Alert color="gray">{t('noSets', { term: data.term, year: data.year })}</Alert>
      ) : (
        <Stack gap="md">
          <Text data-testid="missing-summary">
            {t('summary', {
              set: set.name,
              term: data.term,
              year: data.year,
              missing: formatNumber(data.totals.missing),
              absent: formatNumber(data.totals.absent),
              entered: formatNumber(data.totals.entered),
              takers: formatNumber(data.totals.takers),
            })}
          </Text>
          {data.teachers.length === 0 ? <Text c="dimmed">{t('nobody')}</Text> : null}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {data.teachers.map((g) => (
              <TeacherCard key={g.staff_ids.join(',') || 'none'} group={g} names={needsClass || !!filters.class_id} />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </div>
  );
}

function TeacherCard({ group, names }: { group: TeacherGroup; names: boolean }) {
  const { t } = useTranslation('missing-marks');
  return (
    <Paper withBorder p="md" data-teacher={group.teacher}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div>
          <Title order={4} c={group.staff_ids.length ? undefined : 'red'}>
            {group.teacher}
          </Title>
          {group.phone ? (
            <Text size="sm" c="dimmed">
              {group.phone.split(', ').map(phoneDisplay).join(', ')}
            </Text>
          ) : null}
        </div>
        <Group gap={4} justify="flex-end">
          <Badge color={group.missing ? 'red' : 'green'} data-testid="teacher-missing">
            {t('missingCount', { count: group.missing })}
          </Badge>
          {group.absent ? <Badge color="gray">{t('absentCount', { count: group.absent })}</Badge> : null}
        </Group>
      </Group>
      <Text size="sm" c="dimmed" mt={4}>
        {t('entered', { entered: formatNumber(group.entered), takers: formatNumber(group.takers) })}
      </Text>
      {group.lines.length ? (
        <Stack gap="xs" mt="sm">
          {group.lines.map((line) => (
            <LineRow
              key={`${line.class_id}-${line.stream_id}-${line.subject_id}-${line.paper_id}`}
              line={line}
              names={names}
            />
          ))}
        </Stack>
      ) : (
        <Text size="sm" mt="sm" c="green">
          {t('allIn')}
        </Text>
      )}
    </Paper>
  );
}

function LineRow({ line, names }: { line: Line; names: boolean }) {
  const { t } = useTranslation('missing-marks');
  const where = [line.class_name, line.stream_name].filter(Boolean).join(' ');
  const what = [`${line.subject_code} ${line.subject_name}`, line.paper_name].filter(Boolean).join(', ');
  return (
    <div data-line={`${where} ${what}`}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500}>
          {where} · {what}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {line.missing ? (
            <Text span c="red" fw={600}>
              {t('missingCount', { count: line.missing })}
            </Text>
          ) : null}
          {line.missing && line.absent ? ' · ' : null}
          {line.absent ? t('absentCount', { count: line.absent }) : null}
        </Text>
      </Group>
      {names && line.students.length ? (
        <Text size="sm" c="dimmed">
          {line.students.map((s) => `${s.name} (${s.admission_no})`).join(', ')}
        </Text>
      ) : null}
    </div>
  );
}
