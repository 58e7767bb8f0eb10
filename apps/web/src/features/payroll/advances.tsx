import { Badge, Button, Modal, NumberInput, Paper, Stack, Text, TextInput } from '@mantine/core';
import { type AdvanceRow, addAdvance, amendAdvance, listAdvances, voidAdvance } from '@somero/contract';
import { IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { DateField } from '../../components/date-field';
import { FormButtons } from '../../components/form-buttons';
import { MoneyInput } from '../../components/money-input';
import { PageHeader } from '../../components/page-title';
import { ReasonField } from '../../components/reason-field';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { VoidDialog } from '../../components/void-dialog';
import { api, fetchData, fieldErrors } from '../../lib/api';
import { formatDate, formatMoney, today } from '../../lib/format';
import { payrollKeys } from './keys';

/**
 * A new advance (who, how much, from which mode, over how many months, the written consent), or the
 * correction of one with a reason: its amount only while nothing has been recovered.
 */
function AdvanceForm({
  editing,
  onClose,
  onSaved,
}: {
  editing?: AdvanceRow;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('payroll');
  const [staffId, setStaffId] = useState<number | null>(editing?.staff_id ?? null);
  const [modeId, setModeId] = useState<number | null>(editing?.mode_id ?? null);
  const [amount, setAmount] = useState<number | null>(editing?.amount ?? null);
  const [months, setMonths] = useState<number | string>(editing?.months ?? 1);
  const [givenOn, setGivenOn] = useState(editing?.given_on ?? today());
  const [consent, setConsent] = useState(editing?.consent ?? '');
  const [reference, setReference] = useState(editing?.reference ?? '');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const details = {
      amount: amount ?? 0,
      mode_id: modeId ?? 0,
      months: Number(months) || 0,
      given_on: givenOn,
      consent: consent.trim(),
      reference: reference.trim(),
    };
    const result = editing
      ? await api(amendAdvance, { ...details, reason: reason.trim() }, { id: editing.id })
      : await api(addAdvance, { ...details, staff_id: staffId ?? 0 });
    if (result.ok) onSaved();
    else setErrors(fieldErrors(result.errors));
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={editing ? t('advances.correctTitle', { name: editing.staff_name }) : t('advances.new')}
      centered
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          {editing ? null : (
            <ReferenceSelect
              label={t('fields.staff')}
              references="staff"
              required
              data-autofocus
              value={staffId}
              onChange={setStaffId}
              error={errors.staff_id}
            />
          )}
          <MoneyInput
            label={t('fields.amount')}
            required
            value={amount}
            onChange={setAmount}
            disabled={(editing?.recovered ?? 0) > 0}
            description={(editing?.recovered ?? 0) > 0 ? t('advances.amountKept') : undefined}
            error={errors.amount}
          />
          <ReferenceSelect
            label={t('fields.mode')}
            references="payment_options"
            required
            only={(o) => o.row.active !== false}
            value={modeId}
            onChange={setModeId}
            error={errors.mode_id}
          />
          <DateField
            label={t('advances.givenOn')}
            max={today()}
            value={givenOn}
            onChange={setGivenOn}
            error={errors.given_on}
          />
          <NumberInput
            label={t('advances.months')}
            description={t('advances.monthsHelp')}
            min={1}
            max={24}
            allowDecimal={false}
            value={months}
            onChange={setMonths}
            error={errors.months}
          />
          <TextInput
            label={t('advances.consent')}
            description={t('advances.consentHelp')}
            required
            value={consent}
            onChange={(e) => setConsent(e.currentTarget.value)}
            error={errors.consent}
          />
          <TextInput
            label={t('fields.reference')}
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
            error={errors.reference}
          />
          {editing ? (
            <ReasonField
              label={t('advances.reason')}
              autoFocus
              value={reason}
              onChange={setReason}
              error={errors.reason}
            />
          ) : null}
        </Stack>
        <FormButtons onCancel={onClose} submit={editing ? t('advances.correct') : t('advances.pay')} />
      </form>
    </Modal>
  );
}

/** /staff/advances: advances paid, what each month's salary has recovered and what is still owed. */
export default function AdvancesScreen() {
  const { t } = useTranslation('payroll');
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [voiding, setVoiding] = useState<AdvanceRow | null>(null);
  const [correcting, setCorrecting] = useState<AdvanceRow | null>(null);
  const query = useQuery({ queryKey: payrollKeys.advances, queryFn: () => fetchData(listAdvances, {}) });
  const reload = () => void queryClient.invalidateQueries({ queryKey: payrollKeys.advances });
  const rows = query.data?.data;
  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            {t('advances.new')}
          </Button>
        }
      />
      <Paper withBorder p="md">
        <DataTable
          query={query}
          rows={rows}
          empty={t('advances.none')}
          minWidth={950}
          rowProps={(a) => ({ 'data-staff': a.staff_name, 'data-status': a.status })}
          columns={[
            { key: 'staff_name', label: t('fields.staff') },
            { key: 'given_on', label: t('advances.givenOn'), render: (a) => formatDate(a.given_on) },
            { key: 'mode_name', label: t('fields.mode') },
            { key: 'amount', label: t('fields.amount'), numeric: true, render: (a) => formatMoney(a.amount) },
            { key: 'months', label: t('advances.months'), numeric: true },
            {
              key: 'recovered',
              label: t('advances.recovered'),
              numeric: true,
              render: (a) => formatMoney(a.recovered),
            },
            {
              key: 'outstanding',
              label: t('advances.outstanding'),
              numeric: true,
              render: (a) => <span data-testid="advance-outstanding">{formatMoney(a.outstanding)}</span>,
            },
            {
              key: 'status',
              label: t('fields.status'),
              render: (a) =>
                a.status === 'void' ? (
                  <Badge color="red" variant="light" title={a.void_reason ?? ''}>
                    {t('advances.void')}
                  </Badge>
                ) : (
                  <Text size="xs" c="dimmed">
                    {a.consent}
                  </Text>
                ),
            },
          ]}
          actions={(a) =>
            a.status === 'void' ? null : (
              <>
                <Button size="compact-sm" variant="subtle" onClick={() => setCorrecting(a)}>
                  {t('advances.correct')}
                </Button>
                {a.recovered > 0 ? null : (
                  <Button size="compact-sm" variant="subtle" color="red" onClick={() => setVoiding(a)}>
                    {t('advances.voidAction')}
                  </Button>
                )}
              </>
            )
          }
        />
      </Paper>
      {adding ? (
        <AdvanceForm
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            reload();
          }}
        />
      ) : null}
      {correcting ? (
        <AdvanceForm
          editing={correcting}
          onClose={() => setCorrecting(null)}
          onSaved={() => {
            setCorrecting(null);
            reload();
          }}
        />
      ) : null}
      {voiding ? (
        <VoidDialog
          title={t('advances.voidTitle', { name: voiding.staff_name })}
          message={t('advances.voidMessage', { amount: formatMoney(voiding.amount) })}
          confirm={t('advances.voidAction')}
          onClose={() => setVoiding(null)}
          onVoid={async (reason) => {
            const result = await api(voidAdvance, { reason }, { id: voiding.id });
            if (result.ok) reload();
            return result;
          }}
        />
      ) : null}
    </div>
  );
}
