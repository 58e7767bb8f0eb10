import { Badge, Button, Group, Paper, Select, Stack, Switch, Text } from '@mantine/core';
import {
  approveRequisitions,
  checkRequisition,
  deleteRequisition,
  editRequisition,
  listRequisitions,
  payRequisitions,
  type RequisitionRow,
  type RequisitionStatus,
  requisitionStatuses,
} from '@somero/contract';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { DateRangeFields } from '../../../components/list-filters';
import { PageHeader } from '../../../components/page-title';
import { SearchField, usePagedList, useSearch } from '../../../components/paged-list';
import { VoidDialog } from '../../../components/void-dialog';
import { can } from '../../../lib/access';
import { api } from '../../../lib/api';
import { useUser } from '../../../lib/auth';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { ExpenseLines, StoreReceived } from '../expense-parts';
import { expenseKeys } from '../keys';
import { requisitionCart } from './new-requisition';
import { PayDialog } from './pay-dialog';

const perPage = 50;
const statusColor: Record<RequisitionStatus, string> = {
  submitted: 'blue',
  checked: 'cyan',
  rejected: 'red',
  approved: 'teal',
  paid: 'green',
  returned: 'gray',
  deleted: 'gray',
};

/** "Requisition 12": what a requisition is called in buttons and dialogs. */
const nameOf = (r: RequisitionRow) => `Requisition ${r.number}`;

/** Who took each step and when, under the status. */
function Steps({ r }: { r: RequisitionRow }) {
  const { t } = useTranslation('expenses');
  const steps = [
    ['raised', r.raised],
    ['checked', r.checked],
    ['approved', r.approved],
    ['paid', r.paid],
  ] as const;
  return (
    <Stack gap={0}>
      <Badge variant="light" color={statusColor[r.status]} data-testid="requisition-status" w="fit-content">
        {t(`requisitions.status.${r.status}`)}
      </Badge>
      {steps.map(([step, done]) =>
        done ? (
          <Text size="xs" c="dimmed" key={step}>
            {t(`requisitions.step.${step}`, { by: done.by, date: formatDateTime(done.at) })}
          </Text>
        ) : null,
      )}
      {r.rejected_reason && r.status === 'rejected' ? (
        <Text size="xs" c="red" data-testid="rejected-reason">
          {r.rejected_reason}
        </Text>
      ) : null}
      {r.closed_reason && r.status === 'deleted' ? (
        <Text size="xs" c="dimmed">
          {r.closed_reason}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * /requisitions/view: requisitions by status, dates and search, with who took each step. Each row offers
 * the steps it waits for that the user's flags allow: check or reject (with a reason), approve, pay from a
 * payment mode (it becomes an expense on that mode's statement), return for editing into the requisition
 * cart, or delete with a reason. The server refuses a step the school keeps for another user.
 */
export default function RequisitionsScreen() {
  const { t } = useTranslation('expenses');
  const user = useUser();
  const raises = can(user, 'add_expenses');
  const steps = can(user, 'view_expenses');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<RequisitionStatus | null>(null);
  const [waiting, setWaiting] = useState(false);
  const [range, setRange] = useState({ from: '', to: '' });
  const search = useSearch();
  const [rejecting, setRejecting] = useState<RequisitionRow | null>(null);
  const [deleting, setDeleting] = useState<RequisitionRow | null>(null);
  const [paying, setPaying] = useState<RequisitionRow | null>(null);
  const filters = {
    status: status ?? undefined,
    waiting: waiting || undefined,
    from: range.from || undefined,
    to: range.to || undefined,
    search: search.term,
  };
  const { list, paging, reload } = usePagedList(expenseKeys.requisitions, listRequisitions, filters, { perPage });
  const totals = list.data?.totals;

  const check = async (r: RequisitionRow) => {
    const result = await api(checkRequisition, { type: 0 }, { id: r.id, module: 'expenses', action: 'checked' });
    if (result.ok) reload();
  };
  const approve = async (r: RequisitionRow) => {
    const result = await api(approveRequisitions, { id: r.id }, { module: 'expenses', action: 'approved' });
    if (result.ok) reload();
  };
  const edit = async (r: RequisitionRow) => {
    const result = await api(editRequisition, {}, { id: r.id, module: 'expenses', silentSuccess: true });
    if (!result.ok) return;
    await queryClient.invalidateQueries({ queryKey: requisitionCart.key });
    void navigate('/new/requisition');
  };

  const actions = (r: RequisitionRow) => {
    const name = nameOf(r);
    const buttons: { key: string; label: string; onClick: () => void; color?: string }[] = [];
    // Only the steps the server says this user may take now (a checker sees no Approve where the school
    // keeps the steps apart), and only those their flags allow.
    const may = (step: RequisitionRow['may'][number], flag: boolean) => flag && r.may.includes(step);
    if (may('check', steps))
      buttons.push({ key: 'check', label: t('requisitions.check'), onClick: () => void check(r) });
    if (may('approve', steps))
      buttons.push({ key: 'approve', label: t('requisitions.approve'), onClick: () => void approve(r) });
    if (may('pay', steps)) buttons.push({ key: 'pay', label: t('requisitions.pay'), onClick: () => setPaying(r) });
    if (may('reject', steps))
      buttons.push({ key: 'reject', label: t('requisitions.reject'), onClick: () => setRejecting(r), color: 'red' });
    if (may('return', raises))
      buttons.push({ key: 'edit', label: t('requisitions.edit'), onClick: () => void edit(r) });
    if (may('delete', raises))
      buttons.push({ key: 'delete', label: t('requisitions.delete'), onClick: () => setDeleting(r), color: 'red' });
    if (!buttons.length) return null;
    return (
      <Stack gap={4} align="stretch">
        {buttons.map((b) => (
          <Button
            key={b.key}
            size="compact-sm"
            variant={b.color ? 'subtle' : 'light'}
            color={b.color}
            onClick={b.onClick}
            aria-label={`${b.label} ${name}`}
          >
            {b.label}
          </Button>
        ))}
      </Stack>
    );
  };

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          raises ? (
            <Button component={Link} to="/new/requisition" leftSection={<IconPlus size={16} />}>
              {t('requisitions.new')}
            </Button>
          ) : undefined
        }
      />
      <Paper withBorder p="md">
        <Group mb="md" align="flex-end" wrap="wrap">
          <Select
            label={t('fields.status')}
            placeholder={t('list.all')}
            w={150}
            clearable
            data={requisitionStatuses.map((s) => ({ value: s, label: t(`requisitions.status.${s}`) }))}
            value={status}
            onChange={(v) => setStatus(v as RequisitionStatus | null)}
          />
          <DateRangeFields value={range} onChange={setRange} labels={{ from: t('list.from'), to: t('list.to') }} />
          <SearchField search={search} label={t('list.search')} placeholder={t('requisitions.searchHint')} w={220} />
          <Switch
            mb={8}
            label={t('requisitions.waiting')}
            checked={waiting}
            onChange={(e) => setWaiting(e.currentTarget.checked)}
          />
        </Group>
        <DataTable
          query={list}
          rows={list.data?.data}
          empty={t('requisitions.none')}
          minWidth={980}
          paging={paging}
          rowProps={(r) => ({ 'data-requisition': String(r.number), 'data-status': r.status })}
          columns={[
            { key: 'number', label: t('requisitions.number'), width: 70 },
            {
              key: 'title',
              label: t('requisitions.for'),
              render: (r) => (
                <Stack gap={2}>
                  <Text size="sm" fw={500}>
                    {r.title}
                  </Text>
                  <ExpenseLines expense={r} />
                  <StoreReceived lines={r.store_lines} />
                </Stack>
              ),
            },
            { key: 'supplier_name', label: t('fields.supplier'), render: (r) => r.supplier_name ?? '' },
            {
              key: 'needed_on',
              label: t('requisitions.neededOn'),
              width: 115,
              render: (r) => (r.needed_on ? formatDate(r.needed_on) : ''),
            },
            {
              key: 'total',
              label: t('fields.total'),
              numeric: true,
              render: (r) => (
                <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="requisition-total">
                  {formatMoney(r.total)}
                </Text>
              ),
            },
            { key: 'status', label: t('fields.status'), width: 190, render: (r) => <Steps r={r} /> },
          ]}
          totals={
            totals
              ? {
                  number: t('list.total'),
                  title: t('requisitions.count', { count: totals.count }),
                  total: (
                    <span data-testid="requisitions-total" style={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(totals.amount)}
                    </span>
                  ),
                }
              : undefined
          }
          actions={actions}
        />
      </Paper>
      {rejecting ? (
        <VoidDialog
          title={t('requisitions.rejectTitle', { name: nameOf(rejecting) })}
          message={t('requisitions.rejectMessage', { title: rejecting.title })}
          confirm={t('requisitions.reject')}
          onClose={() => setRejecting(null)}
          onVoid={async (reason) => {
            const result = await api(
              checkRequisition,
              { type: 1, reason },
              { id: rejecting.id, module: 'expenses', action: 'rejected' },
            );
            if (result.ok) reload();
            return result;
          }}
        />
      ) : null}
      {deleting ? (
        <VoidDialog
          title={t('requisitions.deleteTitle', { name: nameOf(deleting) })}
          message={t('requisitions.deleteMessage', { title: deleting.title })}
          confirm={t('requisitions.delete')}
          onClose={() => setDeleting(null)}
          onVoid={async (reason) => {
            const result = await api(deleteRequisition, { reason }, { id: deleting.id, module: 'expenses' });
            if (result.ok) reload();
            return result;
          }}
        />
      ) : null}
      {paying ? (
        <PayDialog
          title={t('requisitions.payTitle', { name: nameOf(paying) })}
          message={t('requisitions.payMessage', { total: formatMoney(paying.total), title: paying.title })}
          submit={t('requisitions.pay')}
          input={payRequisitions.input}
          onClose={() => setPaying(null)}
          onPay={async (payment) => {
            const result = await api(
              payRequisitions,
              { id: paying.id, ...payment },
              { module: 'expenses', action: 'paid' },
            );
            if (result.ok) reload();
            return result;
          }}
        />
      ) : null}
    </div>
  );
}
