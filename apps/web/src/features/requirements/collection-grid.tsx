import { Badge, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { type RequirementCell, type RequirementGrid, saveCollection } from '@somero/contract';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { formatMoney, formatNumber } from '../../lib/format';

export type Mode = 'brought' | 'paid';
type State = { state: 'saving' | 'saved' | 'error'; error?: string };
type Pending = { studentId: number; key: string; brought: number; paid: number }[];
const idOf = (studentId: number, key: string) => `${studentId}:${key}`;

/** What a cell shows in the mode: items brought, or shillings paid instead (20,000). */
const shown = (cell: RequirementCell | undefined, mode: Mode) =>
  cell ? (mode === 'brought' ? String(cell.brought) : formatNumber(cell.paid)) : '';

/**
 * Reads what was typed: a whole number; in the items mode "f" (or "+") means all that is due (the
 * arrears and this term's list, less what money paid for); empty is none. Commas are allowed.
 */
export function readTyped(text: string, mode: Mode, cell: RequirementCell): number | null {
  const s = text.trim().toLowerCase().replaceAll(',', '');
  if (s === '') return 0;
  if (mode === 'brought' && (s === 'f' || s === '+'))
    return Math.max(0, cell.carried + cell.required - cell.paid_items);
  return /^\d{1,9}$/.test(s) ? Number(s) : null;
}

/**
 * The collection grid: a row per student, a column per item. Type a number and Enter or ↓ to the next
 * student, ↑ ← → to move; "f" fills a cell with all that is due; each cell is saved when left. A cell
 * lowered below what was saved asks for the reason first.
 */
export function CollectionGrid({ grid, mode, onReload }: { grid: RequirementGrid; mode: Mode; onReload: () => void }) {
  const { t } = useTranslation('requirements');
  const [cells, setCells] = useState<Record<string, RequirementCell>>({});
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [states, setStates] = useState<Record<string, State>>({});
  const [asking, setAsking] = useState<Pending | null>(null);
  const [reason, setReason] = useState('');
  const boxes = useRef(new Map<string, HTMLInputElement>());
  const readOnly = !grid.editable;
  /** The reason was not given: the cells show what is saved again. */
  const cancelAsk = () => {
    if (asking)
      setDrafts((d) => ({
        ...d,
        ...Object.fromEntries(
          asking.map((p) => [idOf(p.studentId, p.key), shown(cells[idOf(p.studentId, p.key)], mode)]),
        ),
      }));
    setAsking(null);
  };

  useEffect(() => {
    const now: Record<string, RequirementCell> = {};
    const texts: Record<string, string> = {};
    for (const s of grid.students)
      for (const [key, cell] of Object.entries(s.cells)) {
        now[idOf(s.id, key)] = cell;
        texts[idOf(s.id, key)] = shown(cell, mode);
      }
    setCells(now);
    setDrafts(texts);
  }, [grid, mode]);

  const itemName = (key: string) => grid.items.find((i) => i.key === key)?.name ?? key;
  const setState = (ids: string[], state: State | undefined) =>
    setStates((now) => {
      const next = { ...now };
      for (const id of ids)
        if (state) next[id] = state;
        else delete next[id];
      return next;
    });

  async function save(pending: Pending, why?: string) {
    const ids = pending.map((p) => idOf(p.studentId, p.key));
    setState(ids, { state: 'saving' });
    const result = await api(
      saveCollection,
      {
        year: grid.year,
        term: grid.term,
        ...(why ? { reason: why } : {}),
        cells: pending.map((p) => ({
          student_id: p.studentId,
          item: itemName(p.key),
          brought: p.brought,
          paid: p.paid,
          version: cells[idOf(p.studentId, p.key)]?.version ?? null,
        })),
      },
      { module: 'requirements', action: 'save', silentSuccess: true, quiet: true },
    );
    if (result.ok) {
      const now: Record<string, RequirementCell> = {};
      for (const c of result.data.cells) now[idOf(c.student_id, c.key)] = c.cell;
      setCells((s) => ({ ...s, ...now }));
      setDrafts((d) => ({ ...d, ...Object.fromEntries(Object.entries(now).map(([id, c]) => [id, shown(c, mode)])) }));
      setState(ids, { state: 'saved' });
      return;
    }
    if (result.status === 422 && result.errors?.reason) {
      setState(ids, undefined);
      setReason('');
      setAsking(pending);
      return;
    }
    if (result.status === 422 && result.errors) {
      const first = Object.values(result.errors)[0]?.[0];
      setState(ids, { state: 'error', error: first ?? t('grid.notSaved') });
      return;
    }
    setState(ids, { state: 'error', error: result.message ?? t('grid.notSaved') });
    if (result.status === 202) onReload();
  }

  const leave = (studentId: number, key: string) => {
    const id = idOf(studentId, key);
    const cell = cells[id];
    if (!cell || readOnly) return;
    const text = drafts[id] ?? '';
    if (text.trim() === shown(cell, mode)) {
      if (states[id]?.state === 'error') setState([id], undefined);
      return;
    }
    const value = readTyped(text, mode, cell);
    if (value === null) {
      setState([id], { state: 'error', error: mode === 'brought' ? t('grid.notNumber') : t('grid.notMoney') });
      return;
    }
    const brought = mode === 'brought' ? value : cell.brought;
    const paid = mode === 'paid' ? value : cell.paid;
    if (brought === cell.brought && paid === cell.paid) {
      setDrafts((d) => ({ ...d, [id]: shown(cell, mode) }));
      return;
    }
    void save([{ studentId, key, brought, paid }]);
  };

  const focus = (row: number, col: number) => {
    const box = boxes.current.get(`${row}:${col}`);
    if (box) {
      box.focus();
      box.select();
      return true;
    }
    return false;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>, row: number, col: number) => {
    const steps: Record<string, [number, number]> = {
      Enter: [1, 0],
      ArrowDown: [1, 0],
      ArrowUp: [-1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    const step = steps[e.key];
    if (!step) return;
    e.preventDefault();
    // Skip the cells a student does not have (an item not on their list and not owed).
    let [r, c] = [row + step[0], col + step[1]];
    while (r >= 0 && r < grid.students.length && c >= 0 && c < grid.items.length) {
      if (focus(r, c)) return;
      [r, c] = [r + step[0], c + step[1]];
    }
    if (e.key === 'Enter') leave(grid.students[row].id, grid.items[col].key);
  };

  return (
    <Stack gap="xs">
      {readOnly ? (
        <Badge variant="light" color="gray">
          {t('grid.readOnly')}
        </Badge>
      ) : (
        <Text size="sm" c="dimmed">
          {mode === 'brought' ? t('grid.help') : t('grid.helpPaid')}
        </Text>
      )}
      {grid.students.length === 0 ? (
        <Text c="dimmed">{t('grid.noStudents')}</Text>
      ) : grid.items.length === 0 ? (
        <Text c="dimmed">{t('grid.noItems')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={300}>
          <Table striped withTableBorder verticalSpacing={4} data-testid="collection-grid">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('grid.student')}</Table.Th>
                {grid.items.map((i) => (
                  <Table.Th key={i.key}>
                    {i.name}
                    {i.money_value ? (
                      <Text size="xs" c="dimmed">
                        {t('grid.orMoney', { amount: formatMoney(i.money_value) })}
                      </Text>
                    ) : null}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {grid.students.map((s, row) => (
                <Table.Tr key={s.id} data-student={s.name}>
                  <Table.Td>
                    <Text size="sm">{s.name}</Text>
                    <Text size="xs" c="dimmed">
                      {s.admission_no} · {t(`sections.${s.section}`)}
                      {s.is_new ? ` · ${t('grid.new')}` : ''}
                    </Text>
                  </Table.Td>
                  {grid.items.map((item, col) => {
                    const id = idOf(s.id, item.key);
                    const cell = cells[id];
                    if (!cell) return <Table.Td key={item.key} />;
                    const state = states[id];
                    const due = cell.carried + cell.required;
                    return (
                      <Table.Td key={item.key} data-cell={`${s.name}:${item.name}`}>
                        <Group gap={4} wrap="nowrap">
                          <TextInput
                            ref={(el) => {
                              if (el) boxes.current.set(`${row}:${col}`, el);
                              else boxes.current.delete(`${row}:${col}`);
                            }}
                            aria-label={`${s.name} ${item.name}`}
                            w={mode === 'brought' ? 52 : 84}
                            size="xs"
                            inputMode="numeric"
                            autoComplete="off"
                            readOnly={readOnly}
                            error={state?.state === 'error'}
                            value={drafts[id] ?? ''}
                            onChange={(e) => {
                              const typed = e.currentTarget.value;
                              setDrafts((d) => ({ ...d, [id]: typed }));
                            }}
                            onFocus={(e) => e.currentTarget.select()}
                            onKeyDown={(e) => onKeyDown(e, row, col)}
                            onBlur={() => leave(s.id, item.key)}
                          />
                          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                            {t('grid.of', { n: formatNumber(due) })}
                          </Text>
                          <Text
                            size="xs"
                            fw={600}
                            c={cell.owed > 0 ? 'red' : 'teal'}
                            data-testid="owed"
                            style={{ whiteSpace: 'nowrap' }}
                          >
                            {cell.owed > 0 ? t('grid.owes', { n: formatNumber(cell.owed) }) : '✓'}
                          </Text>
                          <Text
                            size="xs"
                            w={12}
                            c={state?.state === 'error' ? 'red' : 'dimmed'}
                            aria-label={state?.state}
                          >
                            {state?.state === 'saving'
                              ? '…'
                              : state?.state === 'saved'
                                ? '✓'
                                : state?.state === 'error'
                                  ? '!'
                                  : ''}
                          </Text>
                        </Group>
                        {cell.carried > 0 ? (
                          <Text size="xs" c="orange">
                            {t('grid.arrears', { n: formatNumber(cell.carried) })}
                          </Text>
                        ) : null}
                        {cell.paid > 0 && mode === 'brought' ? (
                          <Text size="xs" c="dimmed">
                            {t('grid.paidShort', { amount: formatMoney(cell.paid) })}
                          </Text>
                        ) : null}
                        {state?.error ? (
                          <Text size="xs" c="red" maw={200} data-testid="cell-error">
                            {state.error}
                          </Text>
                        ) : null}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal opened={asking !== null} onClose={cancelAsk} title={t('grid.lowerTitle')}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!asking || reason.trim().length < 3) return;
            const pending = asking;
            setAsking(null);
            void save(pending, reason.trim());
          }}
        >
          <Stack>
            <Text size="sm">{t('grid.lowerHelp')}</Text>
            <TextInput
              label={t('grid.reason')}
              data-autofocus
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              error={reason.length > 0 && reason.trim().length < 3 ? t('grid.reasonShort') : undefined}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={cancelAsk}>
                {t('grid.cancel')}
              </Button>
              <Button type="submit">{t('grid.saveLower')}</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
