import { Alert, Button, Group, Paper, Text, TextInput } from '@mantine/core';
import {
  deleteStaffAttendance,
  deleteStudentAttendance,
  type GateRow,
  listStaffAttendance,
  listStudentAttendance,
  staffCheckIn,
  staffCheckOut,
  studentCheckIn,
  studentCheckOut,
  studentsToCheckOut,
} from '@somero/contract';
import { IconCheck, IconDoorExit, IconX } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-title';
import { SearchField, usePagedList, useSearch } from '../../components/paged-list';
import { RowActions } from '../../components/row-actions';
import { api } from '../../lib/api';
import { formatDate, formatNumber, today } from '../../lib/format';
import { attendanceKeys } from './keys';

type Person = 'student' | 'staff';
type Mode = 'in' | 'out';

const clock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Kampala',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
/** A time as the gate reads it, in Kampala time: "07:05". */
export const kampalaClock = (iso: string | null) => (iso ? clock.format(new Date(iso)) : '');

/**
 * The gate: one box that takes what the keeper types or the ID card's scanner sends (the admission
 * number then Enter; a name works too), checks the person in (or out) at the server's time, then
 * clears itself for the next one. Today's list is below; the check-out screen lists who is still in.
 */
function GateScreen({ person, mode }: { person: Person; mode: Mode }) {
  const { t } = useTranslation('attendance');
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [removing, setRemoving] = useState<GateRow | null>(null);
  const search = useSearch();
  const listCall =
    mode === 'out'
      ? person === 'student'
        ? studentsToCheckOut
        : listStaffAttendance
      : person === 'student'
        ? listStudentAttendance
        : listStaffAttendance;
  const filters = { search: search.term, ...(mode === 'out' && person === 'staff' ? { status: 'in' as const } : {}) };
  const { list, paging, reload } = usePagedList(attendanceKeys.gate(person, mode), listCall, filters, { perPage: 50 });

  const send = async (body: { code?: string; id?: number }) => {
    setBusy(true);
    const call =
      mode === 'in'
        ? person === 'student'
          ? studentCheckIn
          : staffCheckIn
        : person === 'student'
          ? studentCheckOut
          : staffCheckOut;
    const res = await api(call, body, { module: 'attendance', quiet: true });
    setBusy(false);
    setResult(
      res.ok
        ? { ok: true, text: res.message ?? '' }
        : { ok: false, text: res.errors?.code?.[0] ?? res.message ?? t('gate.failed') },
    );
    if (res.ok) reload();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed || busy) return;
    setCode('');
    await send({ code: typed });
    input.current?.focus();
  };

  return (
    <div data-screen-status="built">
      <PageHeader />
      <Paper withBorder p="md" mb="md">
        <form onSubmit={submit} noValidate>
          <Group align="flex-end" wrap="wrap">
            <TextInput
              ref={input}
              autoFocus
              autoComplete="off"
              size="lg"
              style={{ flex: '1 1 280px' }}
              label={t(`gate.${person}Label`)}
              placeholder={t(`gate.${person}Hint`)}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              data-testid="gate-code"
            />
            <Button type="submit" size="lg" loading={busy}>
              {t(mode === 'in' ? 'gate.checkIn' : 'gate.checkOut')}
            </Button>
          </Group>
        </form>
        {result ? (
          <Alert
            mt="md"
            color={result.ok ? 'green' : 'red'}
            icon={result.ok ? <IconCheck /> : <IconX />}
            data-testid="gate-result"
            data-ok={String(result.ok)}
          >
            <Text fw={700} size="lg">
              {result.text}
            </Text>
          </Alert>
        ) : null}
      </Paper>
      <Paper withBorder p="md">
        <Group mb="sm" justify="space-between" wrap="wrap">
          <Text fw={600} data-testid="gate-count">
            {t(mode === 'in' ? 'gate.today' : 'gate.stillIn', {
              date: formatDate(today()),
              count: list.data?.total ?? 0,
              n: formatNumber(list.data?.total ?? 0),
            })}
          </Text>
          <SearchField search={search} label={t('gate.search')} placeholder={t('gate.searchHint')} />
        </Group>
        <DataTable
          query={list}
          rows={list.data?.data}
          empty={t(mode === 'in' ? 'gate.none' : 'gate.noneIn')}
          paging={paging}
          minWidth={640}
          rowProps={(r) => ({ 'data-number': r.number ?? '' })}
          columns={[
            { key: 'checked_in_at', label: t('fields.in'), width: 80, render: (r) => kampalaClock(r.checked_in_at) },
            { key: 'name', label: t(`fields.${person}`) },
            { key: 'number', label: t(person === 'student' ? 'fields.admissionNo' : 'fields.initials') },
            ...(person === 'student' ? [{ key: 'class_name', label: t('fields.class') }] : []),
            { key: 'checked_out_at', label: t('fields.out'), width: 80, render: (r) => kampalaClock(r.checked_out_at) },
          ]}
          actions={(r) =>
            mode === 'out' ? (
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconDoorExit size={14} />}
                onClick={() => void send({ id: r.id })}
                aria-label={t('gate.checkOutNamed', { name: r.name })}
              >
                {t('gate.checkOut')}
              </Button>
            ) : (
              <RowActions name={r.name} onDelete={() => setRemoving(r)} />
            )
          }
        />
      </Paper>
      <ConfirmDialog
        opened={removing !== null}
        title={t('gate.removeTitle', { name: removing?.name ?? '' })}
        message={t('gate.removeMessage')}
        confirmLabel={t('gate.remove')}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          const res = await api(
            person === 'student' ? deleteStudentAttendance : deleteStaffAttendance,
            {},
            { id: removing.id, module: 'attendance' },
          );
          setRemoving(null);
          if (res.ok) reload();
        }}
      />
    </div>
  );
}

export const StudentCheckIn = () => <GateScreen person="student" mode="in" />;
export const StudentCheckOut = () => <GateScreen person="student" mode="out" />;
export const StaffCheckIn = () => <GateScreen person="staff" mode="in" />;
export const StaffCheckOut = () => <GateScreen person="staff" mode="out" />;
