import { Badge, Button, Modal, NumberInput, Paper, Stack, Text } from '@mantine/core';
import {
  type AdvanceRow,
  addAdvance,
  advanceAmendmentList,
  amendAdvance,
  listAdvances,
  voidAdvance,
} from '@somero/contract';
import { IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmendmentHistory, shownAs, useNamed } from '../../components/amendment-history';
import { DataTable } from '../../components/data-table';
import { DateField } from '../../components/date-field';
import { FormButtons } from '../../components/form-buttons';
import { ModeField, TextField } from '../../components/money-form';
import { MoneyInput } from '../../components/money-input';
import { PageHeader } from '../../components/page-title';
import { ReasonField } from '../../components/reason-field';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { VoidDialog } from '../../components/void-dialog';
import { api, fetchData } from '../../lib/api';
import { useContractForm } from '../../lib/contract-form';
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
  const modeName = useNamed('payment_options');
  const { field, submit } = useContractForm(
    editing ? amendAdvance.input : addAdvance.input,
    {
      staff_id: editing?.staff_id ?? null,
      mode_id: editing?.mode_id ?? null,
      amount: editing?.amount ?? null,
      months: (editing?.months ?? 1) as number | string,
      given_on: editing?.given_on ?? today(),
      consent: editing?.consent ?? '',
      reference: editing?.reference ?? '',
      reason: '',
    },
    (v) => ({
      amount: v.amount ?? 0,
      mode_id: v.mode_id as number,
      months: Number(v.months) || 0,
      given_on: v.given_on,
      consent: v.consent.trim(),
      reference: v.reference.trim(),
      staff_id: v.staff_id as number,
      reason: v.reason.trim(),
    }),
  );
  const save = submit(
    ({ staff_id, reason, ...details }) =>
      editing
        ? api(amendAdvance, { ...details, reason }, { id: editing.id })
        : api(addAdvance, { ...details, staff_id }),
    onSaved,
  );
  return (
    <Modal
      opened
      onClose={onClose}
      title={editing ? t('advances.correctTitle', { name: editing.staff_name }) : t('advances.new')}
      centered
    >
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack>
          {editing ? null : (
            <ReferenceSelect
              label={t('fields.staff')}
              references="staff"
              required
              data-autofocus
              {...field('staff_id')}
            />
          )}
          <MoneyInput
            label={t('fields.amount')}
            required
            {...field('amount')}
            disabled={(editing?.recovered ?? 0) > 0}
            description={(editing?.recovered ?? 0) > 0 ? t('advances.amountKept') : undefined}
          />
          <ModeField label={t('fields.mode')} fresh {...field('mode_id')} />
          <DateField label={t('advances.givenOn')} max={today()} {...field('given_on')} />
          <NumberInput
            label={t('advances.months')}
            description={t('advances.monthsHelp')}
            min={1}
            max={24}
            allowDecimal={false}
            {...field('months')}
          />
          <TextField label={t('advances.consent')} hint={t('advances.consentHelp')} required {...field('consent')} />
          <TextField label={t('fields.reference')} {...field('reference')} />
          {editing ? <ReasonField label={t('advances.reason')} autoFocus {...field('reason')} /> : null}
          {editing ? (
            <AmendmentHistory
              call={advanceAmendmentList}
              id={editing.id}
              queryKey={payrollKeys.amendments(editing.id)}
              fields={{
                amount: { label: t('fields.amount'), show: shownAs.money },
                mode_id: { label: t('fields.mode'), show: modeName },
                given_on: { label: t('advances.givenOn'), show: shownAs.date },
                months: { label: t('advances.months') },
                consent: { label: t('advances.consent') },
                reference: { label: t('fields.reference') },
              }}
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
