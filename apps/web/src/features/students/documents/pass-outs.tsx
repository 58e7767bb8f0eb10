import { ActionIcon, Badge, Button, Group, Paper, Select, TextInput, Tooltip } from '@mantine/core';
import { now, passOutResource, passOutStatuses, printPassOut, routeHref, viewPassOuts } from '@somero/contract';
import { IconCheck, IconPlus, IconPrinter, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { DateField } from '../../../components/date-field';
import { PageHeader } from '../../../components/page-title';
import { usePagedList, useSearch } from '../../../components/paged-list';
import { resourceCalls } from '../../../components/resource/calls';
import { RowActions } from '../../../components/row-actions';
import { api, type CallInput, type CallOutput } from '../../../lib/api';
import { openPdf } from '../../../lib/downloads';
import { formatDateTime } from '../../../lib/format';
import { useSaving } from '../../../lib/saving';
import { studentKeys } from '../keys';
import { PassOutForm } from './pass-out-form';

type PassOut = CallOutput<typeof viewPassOuts>[number];
type Status = NonNullable<CallInput<typeof viewPassOuts>['status']>;
const perPage = 25;
const calls = resourceCalls(passOutResource);
const statusColor: Record<string, string> = { out: 'blue', returned: 'green', cancelled: 'gray' };

/** /student/passouts: issue, print, mark returned and delete pass-outs; overdue ones stand out. */
export default function PassOutsScreen() {
  const { t } = useTranslation('students');
  const saving = useSaving();
  const [status, setStatus] = useState<Status | null>(null);
  const search = useSearch();
  const [range, setRange] = useState({ from: '', to: '' });
  const [issuing, setIssuing] = useState(false);
  const [deleting, setDeleting] = useState<PassOut | null>(null);
  const filters = {
    status: status ?? undefined,
    search: search.term,
    from: range.from || undefined,
    to: range.to || undefined,
  };
  const { list, paging, reload } = usePagedList(studentKeys.passOuts, viewPassOuts, filters, { perPage });

  const markReturned = async (p: PassOut) => {
    const result = await api(
      calls.update,
      { returned_at: now().toISOString(), status: 'returned' },
      { id: p.id, module: 'passOuts', action: 'update' },
    );
    if (result.ok) reload();
  };
  const remove = async () => {
    if (!deleting) return;
    const result = await api(calls.remove, {}, { id: deleting.id, module: 'passOuts', action: 'delete' });
    setDeleting(null);
    if (result.ok) reload();
  };
  const print = (p: PassOut) =>
    void openPdf({ method: printPassOut.method, path: routeHref(printPassOut.path, { id: p.id }) });

  const statusOptions = [
    ...passOutStatuses.map((s) => ({ value: s.value, label: s.label })),
    { value: 'overdue', label: t('passouts.overdue') },
  ];

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setIssuing(true)}>
            {t('passouts.issue')}
          </Button>
        }
      />
      <Paper withBorder p="md">
        <Group mb="md" align="flex-end" wrap="wrap">
          <TextInput
            label={t('list.search')}
            w={240}
            leftSection={<IconSearch size={16} />}
            placeholder={t('passouts.searchPlaceholder')}
            value={search.text}
            onChange={(e) => search.setText(e.currentTarget.value)}
          />
          <Select
            label={t('passouts.status')}
            placeholder={t('filters.all')}
            w={150}
            clearable
            data={statusOptions}
            value={status}
            onChange={(v) => setStatus(v as Status | null)}
          />
          <DateField
            label={t('periodic.from')}
            value={range.from}
            onChange={(day) => setRange({ ...range, from: day })}
          />
          <DateField label={t('periodic.to')} value={range.to} onChange={(day) => setRange({ ...range, to: day })} />
        </Group>
        <DataTable
          query={list}
          rows={list.data?.data}
          minWidth={1100}
          empty={t('passouts.none')}
          rowProps={(p) => ({ 'data-pass': String(p.pass_no) })}
          columns={[
            { key: 'pass_no', label: t('passouts.no') },
            {
              key: 'student',
              label: t('passouts.student'),
              render: (p) => (
                <>
                  {p.student_name}
                  <br />
                  <small>
                    {p.admission_no} · {p.class_name}
                  </small>
                </>
              ),
            },
            { key: 'type', label: t('passouts.fields.type') },
            { key: 'reason', label: t('passouts.fields.reason') },
            { key: 'time_out', label: t('passouts.fields.time_out'), render: (p) => formatDateTime(p.time_out) },
            {
              key: 'expected_return',
              label: t('passouts.fields.expected_return'),
              render: (p) => (
                <>
                  {formatDateTime(p.expected_return)}
                  {p.returned_at ? (
                    <>
                      <br />
                      <small>{t('passouts.returnedAt', { at: formatDateTime(p.returned_at) })}</small>
                    </>
                  ) : null}
                </>
              ),
            },
            {
              key: 'status',
              label: t('passouts.status'),
              render: (p) => (
                <Badge variant="light" color={p.overdue ? 'red' : (statusColor[p.status] ?? 'gray')}>
                  {p.overdue
                    ? t('passouts.overdue')
                    : (passOutStatuses.find((s) => s.value === p.status)?.label ?? p.status)}
                </Badge>
              ),
            },
          ]}
          actions={(p) => (
            <RowActions name={t('passouts.passNamed', { n: p.pass_no })} onDelete={() => setDeleting(p)}>
              <Tooltip label={t('passouts.print')}>
                <ActionIcon
                  variant="subtle"
                  onClick={() => print(p)}
                  aria-label={t('passouts.printNamed', { n: p.pass_no })}
                >
                  <IconPrinter size={18} />
                </ActionIcon>
              </Tooltip>
              {p.status === 'out' ? (
                <Tooltip label={t('passouts.markReturned')}>
                  <ActionIcon
                    variant="subtle"
                    color="green"
                    disabled={saving}
                    onClick={() => void markReturned(p)}
                    aria-label={t('passouts.markReturnedNamed', { n: p.pass_no })}
                  >
                    <IconCheck size={18} />
                  </ActionIcon>
                </Tooltip>
              ) : null}
            </RowActions>
          )}
          paging={paging}
        />
      </Paper>
      {issuing ? (
        <PassOutForm
          onClose={() => setIssuing(false)}
          onSaved={() => {
            setIssuing(false);
            reload();
          }}
        />
      ) : null}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('passouts.deleteTitle')}
        message={t('passouts.confirmDelete', { n: deleting?.pass_no ?? '', name: deleting?.student_name ?? '' })}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
