import { Badge, Button, Modal, NumberInput, Paper, Stack, Text, TextInput } from '@mantine/core';
import { type AdvanceRow, addAdvance, listAdvances, voidAdvance } from '@somero/contract';
import { IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { FormButtons } from '../../components/form-buttons';
import { MoneyInput } from '../../components/money-input';
import { PageHeader } from '../../components/page-title';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { api, fetchData, fieldErrors } from '../../lib/api';
import { formatDate, formatMoney, today } from '../../lib/format';
import { VoidDialog } from '../fees-desk';

/** A new advance: who, how much, from which mode, over how many months, and the written consent. */
function AdvanceForm({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('payroll');
  const [staffId, setStaffId] = useState<number | null>(null);
  const [modeId, setModeId] = useState<number | null>(null);
  const [amount, setAmount] = useState<number | null>(null);
  const [months, setMonths] = useState<number | string>(1);
  const [givenOn, setGivenOn] = useState(today());
  const [consent, setConsent] = useState('');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await api(addAdvance, {
      staff_id: staffId ?? 0,
      amount: amount ?? 0,
      mode_id: modeId ?? 0,
      months: Number(months) || 0,
      given_on: givenOn,
      consent: consent.trim(),
      reference: reference.trim(),
    });
    if (result.ok) onSaved();
    else setErrors(fieldErrors(result.errors));
  };
  return (
    <Modal opened onClose={onClose} title={t('advances.new')} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <ReferenceSelect
            label={t('fields.staff')}
            references="staff"
            required
            data-autofocus
            value={staffId}
            onChange={setStaffId}
            error={errors.staff_id}
          />
          <MoneyInput label={t('fields.amount')} required value={amount} onChange={setAmount} error={errors.amount} />
          <ReferenceSelect
            label={t('fields.mode')}
            references="payment_options"
            required
            only={(o) => o.row.active !== false}
            value={modeId}
            onChange={setModeId}
            error={errors.mode_id}
          />
          <TextInput
            type="date"
            label={t('advances.givenOn')}
            max={today()}
            value={givenOn}
            onChange={(e) => setGivenOn(e.currentTarget.value)}
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
        </Stack>
        <FormButtons onCancel={onClose} submit={t('advances.pay')} />
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
  const query = useQuery({ queryKey: ['advances'], queryFn: () => fetchData(listAdvances, {}) });
  const reload = () => void queryClient.invalidateQueries({ queryKey: ['advances'] });
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
            a.status === 'void' || a.recovered > 0 ? null : (
              <Button size="compact-sm" variant="subtle" color="red" onClick={() => setVoiding(a)}>
                {t('advances.voidAction')}
              </Button>
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
