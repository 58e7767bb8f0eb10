import { Alert, Button, Group, List, Paper, Table, Text } from '@mantine/core';
import { modifyStudents, type StudentRow } from '@somero/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/centered-loader';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-title';
import { api } from '../../../lib/api';
import { useSaving } from '../../../lib/saving';
import { studentKeys } from '../keys';
import { type Placement, PlacementSelect } from '../placement-select';
import { BulkEditRow, type EditableColumn, editableColumns, type RowChanges } from './bulk-edit-row';
import { rowErrors, useClassStudents } from './class-students';

/** Only what differs from the register, with empty text sent as "none". */
function changesOf(row: StudentRow, changes: RowChanges) {
  const out: Record<string, string | null> = {};
  for (const c of editableColumns) {
    const v = changes[c];
    if (v === undefined || v === String(row[c] ?? '')) continue;
    out[c] = v.trim() === '' && c !== 'surname' && c !== 'other_names' ? null : v;
  }
  return out;
}

/** /students/edit: a class's students as a grid of editable cells, saved together (all or nothing). */
export default function BulkEditScreen() {
  const { t } = useTranslation('students');
  const saving = useSaving();
  const queryClient = useQueryClient();
  const [placement, setPlacement] = useState<Placement>({});
  const [edits, setEdits] = useState<Record<number, RowChanges>>({});
  const [errors, setErrors] = useState<Map<number, Record<string, string>>>(new Map());
  const [problems, setProblems] = useState<string[]>([]);
  const students = useClassStudents(placement);

  const onChange = useCallback((id: number, column: EditableColumn, value: string) => {
    setEdits((all) => ({ ...all, [id]: { ...all[id], [column]: value } }));
  }, []);
  const cellLabel = useCallback(
    (column: EditableColumn, name: string) => t('bulk.cell', { column: t(`bulk.columns.${column}`), name }),
    [t],
  );
  const changed = useMemo(
    () =>
      (students.data ?? [])
        .map((row) => ({ row, change: changesOf(row, edits[row.id] ?? {}) }))
        .filter(({ change }) => Object.keys(change).length > 0),
    [students.data, edits],
  );

  const save = async () => {
    setErrors(new Map());
    setProblems([]);
    const list = changed.map(({ row, change }) => ({ id: row.id, ...change }));
    const result = await api(modifyStudents, { students: list }, { module: 'students', action: 'update' });
    if (result.ok) {
      setEdits({});
      void queryClient.invalidateQueries({ queryKey: studentKeys.all });
      return;
    }
    const ids = list.map((r) => r.id);
    setErrors(rowErrors(result.errors, ids));
    const names = new Map(changed.map(({ row }) => [row.id, row.name]));
    setProblems(
      Object.entries(result.errors ?? {}).map(([key, messages]) => {
        const i = /^students\.(\d+)\./.exec(key)?.[1];
        const who = i === undefined ? '' : names.get(ids[Number(i)] ?? 0);
        return messages[0]?.startsWith('Row ') || !who ? (messages[0] ?? '') : `${who}: ${messages[0]}`;
      }),
    );
  };

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <>
            <Button variant="default" onClick={() => setEdits({})} disabled={changed.length === 0}>
              {t('bulk.discard')}
            </Button>
            <Button onClick={() => void save()} loading={saving} disabled={changed.length === 0}>
              {t('bulk.save', { count: changed.length })}
            </Button>
          </>
        }
      />
      <Paper withBorder p="md">
        <Group mb="md">
          <PlacementSelect
            value={placement}
            onChange={(next) => {
              setPlacement(next);
              setEdits({});
              setErrors(new Map());
              setProblems([]);
            }}
            classRequired
          />
        </Group>
        {problems.length > 0 ? (
          <Alert color="red" mb="md" title={t('bulk.notSaved')} role="alert">
            <List size="sm">
              {problems.map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        {placement.class_id === undefined ? (
          <Text c="dimmed">{t('bulk.chooseClass')}</Text>
        ) : students.isPending ? (
          <CenteredLoader />
        ) : students.isError ? (
          <LoadError error={students.error} onRetry={() => void students.refetch()} />
        ) : students.data.length === 0 ? (
          <Text c="dimmed">{t('bulk.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={1200}>
            <Table verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.admissionNo')}</Table.Th>
                  {editableColumns.map((c) => (
                    <Table.Th key={c}>{t(`bulk.columns.${c}`)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {students.data.map((row) => (
                  <BulkEditRow
                    key={row.id}
                    row={row}
                    changes={edits[row.id]}
                    errors={errors.get(row.id)}
                    onChange={onChange}
                    cellLabel={cellLabel}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </div>
  );
}
