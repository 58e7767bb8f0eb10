import { Badge, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  type MarksGrid as Grid,
  type MarksCell,
  type MarksColumn,
  saveAlevelExamMark,
  saveExamMark,
  saveExamMarkNew,
} from '@somero/contract';
import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { useSchoolGrading } from '../exams-setup';
import { cellText, pastedColumn, readCell } from './cell-text';
import { gradeOf } from './grade';

type State = { state: 'saving' | 'saved' | 'error'; error?: string };
const idOf = (studentId: number, key: string) => `${studentId}:${key}`;

interface Props {
  grid: Grid;
  /** The set, class and subject the grid was fetched for (the saves name them again). */
  input: { exam_set_id: number; class_id: number; subject_id: number };
  /** Show the marks without boxes to change them (/view/exam/marks). */
  readOnly?: boolean;
  /** Cells were saved (the progress line counts again). */
  onSaved?: () => void;
  /** Another teacher changed a cell since it loaded: fetch the grid again. */
  onConflict: () => void;
}

/**
 * The marks sheet a teacher flies through: type, Enter or ↓ to the next student, ↑ ← → to move; each
 * cell is saved when left (saving, saved or the refusal beside it); a column pasted from a spreadsheet
 * fills down from the focused cell; "a" or "abs" is absent; the grade shows as the mark is typed.
 */
export function MarksGrid({ grid, input, readOnly: viewOnly, onSaved, onConflict }: Props) {
  const { t } = useTranslation('marks');
  const grading = useSchoolGrading();
  const [saved, setSaved] = useState<Record<string, MarksCell | undefined>>({});
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [states, setStates] = useState<Record<string, State>>({});
  const boxes = useRef(new Map<string, HTMLInputElement>());
  const readOnly = viewOnly || !grid.editable;

  // A fresh grid (first load, or after a conflict): the server's cells are the truth.
  useEffect(() => {
    const cells: Record<string, MarksCell> = {};
    const texts: Record<string, string> = {};
    for (const s of grid.students)
      for (const c of grid.columns) {
        const cell = s.cells[c.key];
        if (cell) cells[idOf(s.id, c.key)] = cell;
        texts[idOf(s.id, c.key)] = cellText(cell, c.kind === 'aoi');
      }
    setSaved(cells);
    setDrafts(texts);
  }, [grid]);

  const setState = (ids: string[], state: State | undefined) =>
    setStates((now) => {
      const next = { ...now };
      for (const id of ids)
        if (state) next[id] = state;
        else delete next[id];
      return next;
    });

  /** Saves cells as typed; the refusals land on their cells. */
  async function save(cells: { studentId: number; column: MarksColumn; text: string }[]) {
    const marks: Record<string, unknown>[] = [];
    const aoi: Record<string, unknown>[] = [];
    const markIds: string[] = [];
    const aoiIds: string[] = [];
    for (const { studentId, column, text } of cells) {
      const id = idOf(studentId, column.key);
      const typed = readCell(text);
      const version = saved[id]?.version ?? null;
      if (typed.kind === 'invalid' || (column.kind === 'aoi' && typed.kind === 'absent')) {
        setState([id], { state: 'error', error: column.kind === 'aoi' ? t('grid.notScore') : t('grid.notMark') });
        continue;
      }
      const value = typed.kind === 'number' ? typed.value : null;
      if (column.kind === 'aoi') {
        aoi.push({ student_id: studentId, competence_id: column.competence_id, score: value, version });
        aoiIds.push(id);
      } else {
        marks.push({
          student_id: studentId,
          mark: value,
          absent: typed.kind === 'absent',
          version,
          ...(grid.curriculum === 'alevel' ? { paper_id: column.paper_id } : {}),
        });
        markIds.push(id);
      }
    }
    const ids = [...markIds, ...aoiIds];
    if (!ids.length) return;
    setState(ids, { state: 'saving' });
    const body = { ...input, marks } as never;
    const options = { module: 'marks', action: 'save', silentSuccess: ids.length === 1 };
    const result =
      grid.curriculum === 'new'
        ? await api(saveExamMarkNew, { ...input, marks, aoi } as never, options)
        : grid.curriculum === 'alevel'
          ? await api(saveAlevelExamMark, body, options)
          : await api(saveExamMark, body, options);
    if (result.ok) {
      const now: Record<string, MarksCell | undefined> = {};
      const texts: Record<string, string> = {};
      for (const c of result.data.cells) {
        const id = idOf(c.student_id, c.key);
        now[id] = c.cell ?? undefined;
        texts[id] = cellText(c.cell ?? undefined, c.key.startsWith('c'));
      }
      setSaved((s) => ({ ...s, ...now }));
      setDrafts((d) => ({ ...d, ...texts }));
      setState(ids, { state: 'saved' });
      onSaved?.();
      return;
    }
    if (result.status === 422 && result.errors) {
      setState(ids, { state: 'error', error: t('grid.notSaved') });
      for (const [field, list] of Object.entries(result.errors)) {
        const [, group, index] = /^(marks|aoi)\.(\d+)\./.exec(field) ?? [];
        const id = (group === 'aoi' ? aoiIds : markIds)[Number(index)];
        if (id) setState([id], { state: 'error', error: list[0] });
      }
      return;
    }
    setState(ids, { state: 'error', error: result.message ?? t('grid.notSaved') });
    if (result.status === 202) onConflict();
  }

  const focus = (row: number, col: number) => {
    const box = boxes.current.get(`${row}:${col}`);
    if (box) {
      box.focus();
      box.select();
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>, row: number, col: number) => {
    const moves: Record<string, [number, number]> = {
      Enter: [row + 1, col],
      ArrowDown: [row + 1, col],
      ArrowUp: [row - 1, col],
      ArrowLeft: [row, col - 1],
      ArrowRight: [row, col + 1],
    };
    const to = moves[e.key];
    if (!to) return;
    e.preventDefault();
    // At the last student Enter still saves: there is no next box whose focus would leave this one.
    if (boxes.current.has(`${to[0]}:${to[1]}`)) focus(to[0], to[1]);
    else if (e.key === 'Enter' && !readOnly) leave(grid.students[row].id, grid.columns[col]);
  };

  const leave = (studentId: number, column: MarksColumn) => {
    const id = idOf(studentId, column.key);
    const text = drafts[id] ?? '';
    if (text.trim() === cellText(saved[id], column.kind === 'aoi')) {
      if (states[id]?.state === 'error') setState([id], undefined);
      return;
    }
    void save([{ studentId, column, text }]);
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>, row: number, column: MarksColumn) => {
    const lines = pastedColumn(e.clipboardData.getData('text'));
    if (lines.length < 2) return;
    e.preventDefault();
    const cells = lines.slice(0, grid.students.length - row).map((text, i) => ({
      studentId: grid.students[row + i].id,
      column,
      text: text.trim(),
    }));
    setDrafts((d) => ({ ...d, ...Object.fromEntries(cells.map((c) => [idOf(c.studentId, column.key), c.text])) }));
    void save(cells);
  };

  const cell = (row: number, col: number, studentId: number, column: MarksColumn) => {
    const id = idOf(studentId, column.key);
    const text = drafts[id] ?? '';
    const typed = readCell(text);
    const grade =
      column.kind === 'mark' && typed.kind === 'number' && typed.value >= 0 && typed.value <= grid.exam_set.max_mark
        ? gradeOf(grading, grid.curriculum, typed.value, grid.exam_set.max_mark)
        : null;
    const state = states[id];
    const student = grid.students[row];
    return (
      <Table.Td key={column.key} data-cell={id} data-state={state?.state ?? (saved[id] ? 'stored' : 'empty')}>
        <Group gap={4} wrap="nowrap">
          <TextInput
            ref={(el) => {
              if (el) boxes.current.set(`${row}:${col}`, el);
              else boxes.current.delete(`${row}:${col}`);
            }}
            aria-label={`${student.name} ${column.label}`}
            w={column.kind === 'aoi' ? 56 : 64}
            size="xs"
            inputMode={column.kind === 'aoi' ? 'decimal' : 'numeric'}
            autoComplete="off"
            readOnly={readOnly}
            error={state?.state === 'error'}
            value={text}
            onChange={(e) => {
              const typed = e.currentTarget.value;
              setDrafts((d) => ({ ...d, [id]: typed }));
            }}
            onFocus={(e) => e.currentTarget.select()}
            onKeyDown={(e) => onKeyDown(e, row, col)}
            onBlur={() => !readOnly && leave(studentId, column)}
            onPaste={(e) => !readOnly && onPaste(e, row, column)}
          />
          {grade ? (
            <Text size="xs" fw={600} w={22} data-testid="grade">
              {grade}
            </Text>
          ) : column.kind === 'mark' ? (
            <Text w={22} />
          ) : null}
          <Text size="xs" w={14} c={state?.state === 'error' ? 'red' : 'dimmed'} aria-label={state?.state}>
            {state?.state === 'saving' ? '…' : state?.state === 'saved' ? '✓' : state?.state === 'error' ? '!' : ''}
          </Text>
        </Group>
        {state?.error ? (
          <Text size="xs" c="red" maw={220} data-testid="cell-error">
            {state.error}
          </Text>
        ) : null}
      </Table.Td>
    );
  };

  return (
    <Stack gap="xs">
      {readOnly ? (
        <Badge variant="light" color="gray">
          {t('grid.readOnly')}
        </Badge>
      ) : (
        <Text size="sm" c="dimmed">
          {t('grid.help')}
        </Text>
      )}
      <Table.ScrollContainer minWidth={200}>
        <Table striped withTableBorder verticalSpacing={4} data-testid="marks-grid">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('grid.student')}</Table.Th>
              {grid.columns.map((c) => (
                <Table.Th key={c.key}>{c.label}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {grid.students.map((s, row) => (
              <Table.Tr key={s.id}>
                <Table.Td>
                  <Text size="sm" lineClamp={1}>
                    {s.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {s.admission_no}
                  </Text>
                </Table.Td>
                {grid.columns.map((c, col) => cell(row, col, s.id, c))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {grid.students.length === 0 ? <Text c="dimmed">{t('grid.nobody')}</Text> : null}
    </Stack>
  );
}
