import { ActionIcon, Button, Group, Modal, Paper, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import {
  addOldPayment,
  amendOldPayment,
  listOldReceipts,
  oldReceipt,
  oldStudentResource,
  routeHref,
  voidOldPayment,
} from '@somero/contract';
import { IconPlus, IconPrinter, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-title';
import { usePagedList, useSearch } from '../../components/paged-list';
import { type ResourceRow, resourceCalls } from '../../components/resource/calls';
import { useReferenceRows } from '../../components/resource/reference-options';
import { RowActions, VoidButton } from '../../components/row-actions';
import { type SearchOption, SearchSelect } from '../../components/search-select';
import { can } from '../../lib/access';
import { api, type CallOutput, fetchData } from '../../lib/api';
import { useUser } from '../../lib/auth';
import { useContractForm } from '../../lib/contract-form';
import { openPdf } from '../../lib/downloads';
import { formatDate, formatMoney, today } from '../../lib/format';
import { useSaving } from '../../lib/saving';
import { AmendDialog, PaymentFields, VoidDialog } from './payment-dialogs';

/** No student chosen: nothing is sent (the button is disabled then). */
const notSent = { ok: false, status: 0 } as const;

import { PaymentStatus } from './payment-parts';

type OldPayment = CallOutput<typeof listOldReceipts>[number];
const perPage = 50;
const oldStudentCalls = resourceCalls(oldStudentResource);

const printOldReceipt = (id: number) =>
  openPdf({ method: oldReceipt.method, path: routeHref(oldReceipt.path, { id }) });

const oldStudentOption = (row: ResourceRow): SearchOption<ResourceRow> => ({
  value: String(row.id),
  label: [row.name, row.admission_no, row.class_left && `${row.class_left} ${row.year_left ?? ''}`.trim()]
    .filter(Boolean)
    .join(' · '),
  item: row,
});
const findOldStudents = (term: string) =>
  fetchData(oldStudentCalls.list, { search: term, per_page: 15 }).then((r) => r.data.map(oldStudentOption));

/**
 * /old/students/receipts: payments by students who have left (their own receipt series): record one
 * and print its receipt, reprint, void with a reason. The server's 201/202 message shows as a
 * success-style notice here (specification §5).
 */
export default function OldStudentReceiptsScreen() {
  const { t } = useTranslation('fees-desk');
  const user = useUser();
  const search = useSearch();
  const [adding, setAdding] = useState(false);
  const [voiding, setVoiding] = useState<OldPayment | null>(null);
  const [amending, setAmending] = useState<OldPayment | null>(null);
  const { list, paging, reload } = usePagedList(
    ['old-receipts'],
    listOldReceipts,
    { search: search.term },
    { perPage },
  );
  const mayPay = can(user, addOldPayment.access);
  // Corrections are offered to those who may correct fees payments, not to every cashier.
  const mayCorrect = can(user, amendOldPayment.access);

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          mayPay ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
              {t('old.add')}
            </Button>
          ) : null
        }
      />
      <Paper withBorder p="md">
        <TextInput
          mb="md"
          maw={360}
          leftSection={<IconSearch size={16} />}
          placeholder={t('old.search')}
          aria-label={t('list.search')}
          value={search.text}
          onChange={(e) => search.setText(e.currentTarget.value)}
        />
        <DataTable
          query={list}
          rows={list.data?.data}
          empty={search.term ? t('common.noMatches') : t('old.none')}
          minWidth={1000}
          rowProps={(p) => ({ 'data-receipt': String(p.receipt_no), 'data-status': p.status })}
          columns={[
            { key: 'receipt_no', label: t('fields.receipt'), width: 100 },
            { key: 'paid_on', label: t('fields.date'), render: (p) => formatDate(p.paid_on) },
            {
              key: 'student_name',
              label: t('old.student'),
              render: (p) => (
                <Stack gap={0}>
                  <Text size="sm">{p.student_name}</Text>
                  <Text size="xs" c="dimmed">
                    {p.admission_no ?? ''}
                  </Text>
                </Stack>
              ),
            },
            { key: 'amount', label: t('fields.amount'), numeric: true, render: (p) => formatMoney(p.amount) },
            { key: 'mode_name', label: t('fields.mode') },
            { key: 'reference', label: t('fields.reference'), render: (p) => p.reference ?? '' },
            { key: 'cashier_name', label: t('fields.cashier') },
            {
              key: 'status',
              label: t('fields.status'),
              render: (p) => (
                <Tooltip label={p.void_reason ?? ''} disabled={!p.void_reason}>
                  <span>
                    <PaymentStatus status={p.status} />
                  </span>
                </Tooltip>
              ),
            },
          ]}
          actions={(p) => (
            <RowActions
              name={t('receiptNamed', { n: p.receipt_no })}
              onEdit={mayCorrect && p.status === 'valid' ? () => setAmending(p) : undefined}
            >
              <Tooltip label={t('actions.print')}>
                <ActionIcon
                  variant="subtle"
                  onClick={() => void printOldReceipt(p.id)}
                  aria-label={t('actions.printNamed', { n: p.receipt_no })}
                >
                  <IconPrinter size={18} />
                </ActionIcon>
              </Tooltip>
              {mayCorrect && p.status === 'valid' ? (
                <VoidButton
                  label={t('payment.void')}
                  ariaLabel={t('actions.voidNamed', { n: p.receipt_no })}
                  onClick={() => setVoiding(p)}
                />
              ) : null}
            </RowActions>
          )}
          paging={paging}
        />
      </Paper>
      {adding ? (
        <OldPaymentForm
          onClose={() => setAdding(false)}
          onSaved={(id) => {
            setAdding(false);
            reload();
            void printOldReceipt(id);
          }}
        />
      ) : null}
      {amending ? (
        <AmendDialog
          title={t('amend.title', { n: amending.receipt_no })}
          schema={amendOldPayment.input}
          payment={amending}
          onClose={() => setAmending(null)}
          onAmend={async (values) => {
            const result = await api(amendOldPayment, values, {
              id: amending.id,
              module: 'oldPayments',
              action: 'update',
            });
            if (result.ok) reload();
            return result;
          }}
        />
      ) : null}
      {voiding ? (
        <VoidDialog
          title={t('void.title', { n: voiding.receipt_no })}
          message={t('void.message', { amount: formatMoney(voiding.amount), name: voiding.student_name })}
          onClose={() => setVoiding(null)}
          onVoid={async (reason) => {
            const result = await api(
              voidOldPayment,
              { id: voiding.id, reason },
              { module: 'oldPayments', action: 'delete' },
            );
            if (result.ok) reload();
            return result;
          }}
        />
      ) : null}
    </div>
  );
}

function OldPaymentForm({ onClose, onSaved }: { onClose: () => void; onSaved: (id: number) => void }) {
  const { t } = useTranslation('fees-desk');
  const saving = useSaving();
  const [student, setStudent] = useState<SearchOption<ResourceRow> | null>(null);
  const modes = useReferenceRows('payment_options');
  const firstMode = modes.data?.find((m) => m.active !== false)?.id ?? null;
  const { field, values, submit, form } = useContractForm(
    addOldPayment.input,
    {
      amount: null as number | null,
      mode_id: null as number | null,
      paid_on: today(),
      reference: '',
      payer: '',
    },
    (v) => ({
      old_student_id: student?.item.id ?? 0,
      amount: v.amount ?? 0,
      // The first mode in use until another is chosen.
      mode_id: v.mode_id ?? firstMode ?? 0,
      paid_on: v.paid_on,
      reference: v.reference.trim() || null,
      payer: v.payer.trim() || null,
    }),
  );
  const modeId = values.mode_id ?? firstMode;
  const save = submit(
    (input) =>
      student ? api(addOldPayment, input, { module: 'oldPayments', action: 'add' }) : Promise.resolve(notSent),
    (saved) => onSaved(saved.id),
  );

  return (
    <Modal opened onClose={onClose} title={t('old.add')} centered>
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack>
          <SearchSelect
            label={t('old.student')}
            placeholder={t('old.studentHint')}
            required
            data-autofocus
            searchKey="old-students"
            search={findOldStudents}
            value={student}
            onChange={setStudent}
            error={form.errors.old_student_id}
          />
          {student ? (
            <Text size="sm" c="dimmed" data-testid="old-debt">
              {t('old.debt', { amount: formatMoney(Number(student.item.debt ?? 0)) })}
            </Text>
          ) : null}
          <PaymentFields
            field={(name) => (name === 'mode_id' ? { ...field(name), value: modeId } : field(name))}
            fresh
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={saving} disabled={!student || values.amount === null || !modeId}>
              {t('desk.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
