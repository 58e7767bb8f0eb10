import { Badge, Button, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { buySmsPackage, type SmsPackageRow } from '@somero/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/data-table';
import { DateField } from '../../components/date-field';
import { MoneyInput } from '../../components/money-input';
import { PageHeader } from '../../components/page-title';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { api } from '../../lib/api';
import { useContractForm } from '../../lib/contract-form';
import { formatDate, formatMoney, formatNumber, today } from '../../lib/format';
import { CreditSummary, creditsKey, useCredits } from './credit-summary';

/** /sms/packages: the credit left, buying a package (an expense from a payment mode), the packages bought. */
export default function SmsPackagesScreen() {
  const { t } = useTranslation('notifications');
  const queryClient = useQueryClient();
  const credits = useCredits();
  const { field, values, setValue, submit } = useContractForm(
    buySmsPackage.input,
    {
      package: 'starter',
      credits: '' as number | string,
      price: null as number | null,
      mode_id: null as number | null,
      bought_on: today(),
      reference: '',
    },
    (v) => {
      const custom = v.package === 'custom';
      return {
        package: custom ? undefined : v.package,
        credits: custom && typeof v.credits === 'number' ? v.credits : undefined,
        price: custom ? (v.price ?? undefined) : undefined,
        mode_id: v.mode_id as number,
        bought_on: v.bought_on,
        reference: v.reference,
      };
    },
  );
  const [busy, setBusy] = useState(false);
  const custom = values.package === 'custom';
  const ownCredit = credits.data?.records_own_credit ?? false;
  const catalogue = credits.data?.catalogue ?? [];

  const send = submit(
    // A request to the service answers its own words (the credit comes once the service confirms it).
    (input) => api(buySmsPackage, input, ownCredit ? { texts: { success: t('bought') } } : {}),
    () => {
      setValue('reference', '');
      void queryClient.invalidateQueries({ queryKey: creditsKey });
    },
  );
  const buy = async (e: FormEvent) => {
    setBusy(true);
    await send(e);
    setBusy(false);
  };
  const pkg = field('package');

  const columns: Column<SmsPackageRow>[] = [
    { key: 'bought_on', label: t('fields.boughtOn'), render: (r) => formatDate(r.bought_on) },
    { key: 'name', label: t('fields.package') },
    { key: 'credits', label: t('fields.credits'), numeric: true, render: (r) => formatNumber(r.credits) },
    { key: 'price', label: t('fields.price'), numeric: true, render: (r) => formatMoney(r.price) },
    { key: 'mode', label: t('fields.mode'), render: (r) => r.mode ?? '' },
    { key: 'reference', label: t('fields.reference'), render: (r) => r.reference ?? '' },
    { key: 'bought_by', label: t('fields.boughtBy') },
    {
      key: 'status',
      label: t('fields.status'),
      render: (r) => (
        <Stack gap={2}>
          <Badge variant="light" color={{ requested: 'yellow', confirmed: 'green', declined: 'red' }[r.status]}>
            {t(`packageStatus.${r.status}`)}
          </Badge>
          {r.decision_note ? (
            <Text size="xs" c="dimmed">
              {r.decision_note}
            </Text>
          ) : null}
        </Stack>
      ),
    },
  ];

  return (
    <div data-screen-status="built">
      <PageHeader />
      <CreditSummary />
      <Paper withBorder p="md" mb="lg" maw={720}>
        <Title order={4} mb="sm">
          {ownCredit ? t('buy') : t('request')}
        </Title>
        {ownCredit ? null : (
          <Text size="sm" c="dimmed" mb="sm">
            {t('requestHint')}
          </Text>
        )}
        <form onSubmit={(e) => void buy(e)} noValidate>
          <Stack gap="sm">
            <Select
              label={t('fields.package')}
              allowDeselect={false}
              data={[
                ...catalogue.map((c) => ({ value: c.key, label: `${c.name}: ${formatMoney(c.price)}` })),
                { value: 'custom', label: t('custom') },
              ]}
              {...pkg}
              onChange={(v) => pkg.onChange(v ?? 'starter')}
            />
            {custom ? (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <NumberInput
                  label={t('fields.credits')}
                  required
                  thousandSeparator=","
                  allowDecimal={false}
                  allowNegative={false}
                  hideControls
                  {...field('credits')}
                />
                <MoneyInput label={t('fields.price')} required {...field('price')} />
              </SimpleGrid>
            ) : null}
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <ReferenceSelect
                label={t('fields.mode')}
                references="payment_options"
                required
                only={(o) => o.row.active !== false}
                {...field('mode_id')}
              />
              <DateField label={t('fields.boughtOn')} max={today()} {...field('bought_on')} />
              <TextInput label={t('fields.reference')} maxLength={100} {...field('reference')} />
            </SimpleGrid>
            <Button type="submit" w="fit-content" loading={busy}>
              {ownCredit ? t('buyButton') : t('requestButton')}
            </Button>
          </Stack>
        </form>
      </Paper>
      <DataTable columns={columns} rows={credits.data?.packages} query={credits} empty={t('noPackages')} />
    </div>
  );
}
