import { Button, Checkbox, Group, Paper, Select, Table, Text, Title } from '@mantine/core';
import { modifyStudents, sections } from '@somero/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/centered-loader';
import { ClassStreamSelect } from '../../../components/class-stream-select';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-title';
import { api, fieldErrors } from '../../../lib/api';
import { useSaving } from '../../../lib/saving';
import { studentKeys } from '../keys';
import { type Placement, PlacementSelect } from '../placement-select';
import { genderLabel, placementLabel, sectionLabel } from '../student-table';
import { useClassStudents } from './class-students';

interface Target {
  class_id: number | null;
  stream_id: number | null;
  section: 'day' | 'boarding' | null;
}

/** /academics/edit: tick students of a class and move them to another class, stream or section. */
export default function PlacementEditScreen() {
  const { t } = useTranslation('students');
  const saving = useSaving();
  const queryClient = useQueryClient();
  const [placement, setPlacement] = useState<Placement>({});
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  const [target, setTarget] = useState<Target>({ class_id: null, stream_id: null, section: null });
  const [error, setError] = useState<string>();
  const students = useClassStudents(placement);
  const rows = students.data ?? [];
  const allTicked = rows.length > 0 && rows.every((r) => ticked.has(r.id));
  const hasChange = target.class_id !== null || target.stream_id !== null || target.section !== null;

  const toggle = (id: number) =>
    setTicked((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const apply = async () => {
    setError(undefined);
    const change = {
      ...(target.class_id !== null ? { class_id: target.class_id, stream_id: target.stream_id } : {}),
      ...(target.class_id === null && target.stream_id !== null ? { stream_id: target.stream_id } : {}),
      ...(target.section !== null ? { section: target.section } : {}),
    };
    const list = rows.filter((r) => ticked.has(r.id)).map((r) => ({ id: r.id, ...change }));
    const result = await api(modifyStudents, { students: list }, { module: 'students', action: 'update' });
    if (result.ok) {
      setTicked(new Set());
      void queryClient.invalidateQueries({ queryKey: studentKeys.all });
    } else setError(Object.values(fieldErrors(result.errors))[0] ?? result.message);
  };

  return (
    <div data-screen-status="built">
      <PageHeader />
      <Paper withBorder p="md" mb="md">
        <PlacementSelect
          value={placement}
          onChange={(next) => {
            setPlacement(next);
            setTicked(new Set());
          }}
          classRequired
        />
      </Paper>
      <Paper withBorder p="md" mb="md">
        <Title order={3} size="h4" mb="sm">
          {t('placement.moveTo', { count: ticked.size })}
        </Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <ClassStreamSelect
            labels={{
              class: t('placement.newClass'),
              stream: t('placement.newStream'),
              allStreams: t('placement.unchanged'),
            }}
            classPlaceholder={t('placement.unchanged')}
            streamsOf={placement.class_id}
            widths={[160, 180]}
            value={target}
            onChange={(next) =>
              setTarget({ ...target, class_id: next.class_id ?? null, stream_id: next.stream_id ?? null })
            }
          />
          <Select
            label={t('placement.newSection')}
            placeholder={t('placement.unchanged')}
            w={160}
            clearable
            data={sections.map((s) => ({ value: s.value, label: s.label }))}
            value={target.section}
            onChange={(v) => setTarget({ ...target, section: (v as Target['section']) ?? null })}
          />
          <Button onClick={() => void apply()} loading={saving} disabled={ticked.size === 0 || !hasChange}>
            {t('placement.apply', { count: ticked.size })}
          </Button>
        </Group>
        {error ? (
          <Text c="red" size="sm" mt="sm" role="alert">
            {error}
          </Text>
        ) : null}
      </Paper>
      <Paper withBorder p="md">
        {placement.class_id === undefined ? (
          <Text c="dimmed">{t('bulk.chooseClass')}</Text>
        ) : students.isPending ? (
          <CenteredLoader />
        ) : students.isError ? (
          <LoadError error={students.error} onRetry={() => void students.refetch()} />
        ) : rows.length === 0 ? (
          <Text c="dimmed">{t('bulk.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label={t('placement.tickAll')}
                      checked={allTicked}
                      indeterminate={ticked.size > 0 && !allTicked}
                      onChange={() => setTicked(allTicked ? new Set() : new Set(rows.map((r) => r.id)))}
                    />
                  </Table.Th>
                  <Table.Th>{t('columns.admissionNo')}</Table.Th>
                  <Table.Th>{t('columns.name')}</Table.Th>
                  <Table.Th>{t('columns.gender')}</Table.Th>
                  <Table.Th>{t('columns.class')}</Table.Th>
                  <Table.Th>{t('columns.section')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={t('placement.tick', { name: r.name })}
                        checked={ticked.has(r.id)}
                        onChange={() => toggle(r.id)}
                      />
                    </Table.Td>
                    <Table.Td>{r.admission_no}</Table.Td>
                    <Table.Td>{r.name}</Table.Td>
                    <Table.Td>{genderLabel(r.gender)}</Table.Td>
                    <Table.Td>{placementLabel(r)}</Table.Td>
                    <Table.Td>{sectionLabel(r.section)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </div>
  );
}
