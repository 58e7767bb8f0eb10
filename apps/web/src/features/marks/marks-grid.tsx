import { Badge, Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  type MarksGrid as Grid,
  type MarksCell,
  type MarksColumn,
  saveAlevelExamMark,
  saveExamMark,
  saveExamMarkNew,
} from '@somero/contract';
import type { TFunction } from 'i18next';
import {
  type ClipboardEvent,
  type KeyboardEvent,
  memo,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
} from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { type SchoolGrading, useSchoolGrading } from '../exams-setup';
import { type CellStore, cellStore } from './cell-store';
import { cellText, pastedColumn, readCell } from './cell-text';
import { gradeOf } from './grade';
import './marks-grid.css';

type Status = { state: 'saving' | 'saved' | 'error'; error?: string; refused?: string };
/** A cell as the screen holds it: the text in its box, the cell as saved, how its last save went. */
interface Cell {
  text: string;
  saved?: MarksCell;
  status?: Status;
}
type Student = Grid['students'][number];
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

/** What the grid's handlers read when they run: the latest props, never those of the render that made them. */
interface Latest extends Props {
  t: TFunction<'marks'>;
  cells: CellStore<Cell>;
  columns: MarksColumn[];
  readOnly: boolean;
}

/** What every row shows its cells with; one object per grid, so a row re-renders only when the grid changes. */
interface View {
  cells: CellStore<Cell>;
  actions: ReturnType<typeof gridActions>;
  grade: SchoolGrading['grade'];
  curriculum: string;
  maxMark: number;
  readOnly: boolean;
}

/**
 * The marks sheet a teacher flies through: type, Enter or ↓ to the next student, ↑ ← → to move; each
 * cell is saved when left (saving, saved or the refusal beside it); a column pasted from a spreadsheet
 * fills down from the focused cell; "a" or "abs" is absent; the grade shows as the mark is typed.
 * A keystroke re-renders no row (each cell reads its own entry of the grid's cell store, the box is
 * uncontrolled, and only the grade beside it follows the typing), so a class of 150 types like a single
 * box; the mark columns come first, beside the name, which stays put when the others scroll (on a phone).
 */
export function MarksGrid(props: Props) {
  const { grid } = props;
  const { t } = useTranslation('marks');
  const { grade, query: grading } = useSchoolGrading();
  const readOnly = !!props.readOnly || !grid.editable;
  const columns = useMemo(
    () => [...grid.columns.filter((c) => c.kind === 'mark'), ...grid.columns.filter((c) => c.kind !== 'mark')],
    [grid.columns],
  );
  // A fresh grid (first load, or after a conflict): the server's cells are the truth.
  const cells = useMemo(
    () =>
      cellStore<Cell>(
        grid.students.flatMap((s) =>
          grid.columns.map((c): [string, Cell] => [
            idOf(s.id, c.key),
            { text: cellText(s.cells[c.key], c.kind === 'aoi'), saved: s.cells[c.key] },
          ]),
        ),
      ),
    [grid],
  );
  const latest = useRef<Latest>({ ...props, t, cells, columns, readOnly });
  useLayoutEffect(() => {
    latest.current = { ...props, t, cells, columns, readOnly };
  });
  const actions = useMemo(() => gridActions(latest), []);
  const view = useMemo<View>(
    () => ({ cells, actions, grade, curriculum: grid.curriculum, maxMark: grid.exam_set.max_mark, readOnly }),
    [cells, actions, grade, grid.curriculum, grid.exam_set.max_mark, readOnly],
  );

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
      {/* The rows wait for the grading tables (loaded beside the grid), so that they render once. */}
      {grading.isPending ? (
        <Loader size="sm" />
      ) : (
        <Table.ScrollContainer minWidth={200}>
          <Table striped withTableBorder verticalSpacing={4} data-testid="marks-grid" className="marks-grid">
            <Table.Thead>
              <Table.Tr>
                <Table.Th className="marks-name">{t('grid.student')}</Table.Th>
                {columns.map((c) => (
                  <Table.Th key={c.key}>{c.label}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {grid.students.map((s, row) => (
                <MarksRow key={s.id} student={s} row={row} columns={columns} view={view} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {grid.students.length === 0 ? <Text c="dimmed">{t('grid.nobody')}</Text> : null}
    </Stack>
  );
}

const MarksRow = memo(function MarksRow({
  student,
  row,
  columns,
  view,
}: {
  student: Student;
  row: number;
  columns: MarksColumn[];
  view: View;
}) {
  return (
    <Table.Tr>
      <Table.Td className="marks-name">
        <Text size="sm" lineClamp={1}>
          {student.name}
        </Text>
        <Text size="xs" c="dimmed">
          {student.admission_no}
        </Text>
      </Table.Td>
      {columns.map((c, col) => (
        <MarkCell key={c.key} student={student} row={row} col={col} column={c} view={view} />
      ))}
    </Table.Tr>
  );
});

/** A cell's props: one student, one column, and where they are for the arrows. */
interface CellProps {
  student: Student;
  row: number;
  col: number;
  column: MarksColumn;
  view: View;
}

/** One cell of the store, as a hook: `pick` reads what the caller shows, which alone re-renders it when it changes. */
function useCellPart<T>(view: View, id: string, pick: (cell: Cell | undefined) => T) {
  const { cells } = view;
  const subscribe = useCallback((listener: () => void) => cells.subscribe(id, listener), [cells, id]);
  return useSyncExternalStore(subscribe, () => pick(cells.get(id)));
}

/**
 * A cell: the box, the grade, how its save went. What is typed lives in the box (uncontrolled) and in the
 * store, and a keystroke re-renders only the grade beside it, and that only when the grade changes.
 */
function MarkCell({ student, row, col, column, view }: CellProps) {
  const id = idOf(student.id, column.key);
  const state = useCellPart(view, id, (c) => c?.status?.state ?? (c?.saved ? 'stored' : 'empty'));
  const error = useCellPart(view, id, (c) => c?.status?.error);
  return (
    <Table.Td data-cell={id} data-state={state}>
      <Group gap={4} wrap="nowrap">
        <MarkBox student={student} row={row} col={col} column={column} view={view} refused={state === 'error'} />
        {column.kind === 'mark' ? <Grade id={id} view={view} /> : null}
        <Text
          size="xs"
          w={14}
          c={state === 'error' ? 'red' : 'dimmed'}
          aria-label={state === 'stored' || state === 'empty' ? undefined : state}
        >
          {state === 'saving' ? '…' : state === 'saved' ? '✓' : state === 'error' ? '!' : ''}
        </Text>
      </Group>
      {error ? (
        <Text size="xs" c="red" maw={220} data-testid="cell-error">
          {error}
        </Text>
      ) : null}
    </Table.Td>
  );
}

const MarkBox = memo(function MarkBox({ student, row, col, column, view, refused }: CellProps & { refused: boolean }) {
  const { cells, actions, readOnly } = view;
  const id = idOf(student.id, column.key);
  const box = useRef<HTMLInputElement | null>(null);
  const register = useCallback(
    (el: HTMLInputElement | null) => {
      box.current = el;
      actions.register(row, col, el);
    },
    [actions, row, col],
  );
  // A paste, a save's answer or a fresh grid writes the box; typing has written it already.
  useEffect(() => {
    const sync = () => {
      const text = cells.get(id)?.text ?? '';
      if (box.current && box.current.value !== text) box.current.value = text;
    };
    sync();
    return cells.subscribe(id, sync);
  }, [cells, id]);
  // Each box in a form of its own: the browser's autofill looks at the form of a box that changes, which
  // would otherwise be every box of the page (150 layouts after each keystroke, measured in Chromium).
  return (
    <form onSubmit={(e) => e.preventDefault()}>
      <TextInput
        ref={register}
        aria-label={`${student.name} ${column.label}`}
        w={column.kind === 'aoi' ? 56 : 64}
        size="xs"
        inputMode={column.kind === 'aoi' ? 'decimal' : 'numeric'}
        autoComplete="off"
        readOnly={readOnly}
        error={refused}
        defaultValue={cells.get(id)?.text ?? ''}
        onChange={(e) => actions.type(id, e.currentTarget.value)}
        onFocus={(e) => e.currentTarget.select()}
        onKeyDown={(e) => actions.keyDown(e, row, col)}
        onBlur={() => !readOnly && actions.leave(student.id, column)}
        onPaste={(e) => !readOnly && actions.paste(e, row, column)}
      />
    </form>
  );
});

/** The grade of the mark in the box as typed; none for a mark the school refused, until it is changed. */
function Grade({ id, view }: { id: string; view: View }) {
  const grade = useCellPart(view, id, (c) => {
    const text = c?.text.trim() ?? '';
    const refused = c?.status?.state === 'error' && c.status.refused === text;
    return refused ? null : gradeOf(view.grade, view.curriculum, readCell(text), view.maxMark);
  });
  return grade ? (
    <Text size="xs" fw={600} w={22} data-testid="grade">
      {grade}
    </Text>
  ) : (
    <Text w={22} />
  );
}

/**
 * The grid's handlers, made once per grid: they read the latest props and the cells when they run,
 * so passing them to the rows never re-renders a row.
 */
function gridActions(latest: RefObject<Latest>) {
  const boxes = new Map<string, HTMLInputElement>();
  const setStatus = (ids: string[], status: Status | undefined) => {
    for (const id of ids) latest.current.cells.update(id, (c) => (c ? { ...c, status } : c));
  };

  /** Saves cells as typed; the refusals land on their cells. */
  async function save(list: { studentId: number; column: MarksColumn; text: string }[]) {
    const { grid, input, t, cells, onSaved, onConflict } = latest.current;
    const marks: Record<string, unknown>[] = [];
    const aoi: Record<string, unknown>[] = [];
    const markIds: string[] = [];
    const aoiIds: string[] = [];
    const sent = new Map<string, string>();
    for (const { studentId, column, text } of list) {
      const id = idOf(studentId, column.key);
      const typed = readCell(text);
      const version = cells.get(id)?.saved?.version ?? null;
      if (typed.kind === 'invalid' || (column.kind === 'aoi' && typed.kind === 'absent')) {
        const error = column.kind === 'aoi' ? t('grid.notScore') : t('grid.notMark');
        setStatus([id], { state: 'error', error, refused: text.trim() });
        continue;
      }
      sent.set(id, text.trim());
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
    setStatus(ids, { state: 'saving' });
    const body = { ...input, marks } as never;
    const options = { module: 'marks', action: 'save', silentSuccess: ids.length === 1 };
    const result =
      grid.curriculum === 'new'
        ? await api(saveExamMarkNew, { ...input, marks, aoi } as never, options)
        : grid.curriculum === 'alevel'
          ? await api(saveAlevelExamMark, body, options)
          : await api(saveExamMark, body, options);
    const refused = (id: string, error: string): Status => ({ state: 'error', error, refused: sent.get(id) });
    if (result.ok) {
      for (const c of result.data.cells) {
        const id = idOf(c.student_id, c.key);
        const saved = c.cell ?? undefined;
        cells.update(id, (was) => ({
          // What was typed in the box since the save was sent stays there (it is saved when left again).
          text: !was || was.text.trim() === sent.get(id) ? cellText(saved, c.key.startsWith('c')) : was.text,
          saved,
          status: was?.status,
        }));
      }
      setStatus(ids, { state: 'saved' });
      onSaved?.();
      return;
    }
    if (result.status === 422 && result.errors) {
      for (const id of ids) setStatus([id], refused(id, t('grid.notSaved')));
      for (const [field, messages] of Object.entries(result.errors)) {
        const [, group, index] = /^(marks|aoi)\.(\d+)\./.exec(field) ?? [];
        const id = (group === 'aoi' ? aoiIds : markIds)[Number(index)];
        if (id) setStatus([id], refused(id, messages[0]));
      }
      return;
    }
    for (const id of ids) setStatus([id], refused(id, result.message ?? t('grid.notSaved')));
    if (result.status === 202) onConflict();
  }

  const focus = (row: number, col: number) => {
    const box = boxes.get(`${row}:${col}`);
    if (box) {
      box.focus();
      box.select();
    }
  };

  const leave = (studentId: number, column: MarksColumn) => {
    const id = idOf(studentId, column.key);
    const cell = latest.current.cells.get(id);
    const text = cell?.text ?? '';
    if (text.trim() === cellText(cell?.saved, column.kind === 'aoi')) {
      if (cell?.status?.state === 'error') setStatus([id], undefined);
      return;
    }
    void save([{ studentId, column, text }]);
  };

  return {
    register(row: number, col: number, box: HTMLInputElement | null) {
      if (box) boxes.set(`${row}:${col}`, box);
      else boxes.delete(`${row}:${col}`);
    },
    type(id: string, text: string) {
      latest.current.cells.update(id, (c) => ({ ...c, text }));
    },
    leave,
    keyDown(e: KeyboardEvent<HTMLInputElement>, row: number, col: number) {
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
      const { grid, columns, readOnly } = latest.current;
      // At the last student Enter still saves: there is no next box whose focus would leave this one.
      if (boxes.has(`${to[0]}:${to[1]}`)) focus(to[0], to[1]);
      else if (e.key === 'Enter' && !readOnly) leave(grid.students[row].id, columns[col]);
    },
    paste(e: ClipboardEvent<HTMLInputElement>, row: number, column: MarksColumn) {
      const { grid, cells } = latest.current;
      const lines = pastedColumn(e.clipboardData.getData('text'));
      if (lines.length < 2) return;
      e.preventDefault();
      const list = lines.slice(0, grid.students.length - row).map((text, i) => ({
        studentId: grid.students[row + i].id,
        column,
        text: text.trim(),
      }));
      for (const c of list) cells.update(idOf(c.studentId, column.key), (was) => ({ ...was, text: c.text }));
      void save(list);
    },
  };
}
