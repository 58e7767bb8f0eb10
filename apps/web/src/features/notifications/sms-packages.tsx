import { Button, NumberInput, Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { buySmsPackage, type SmsPackageRow } from '@somero/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/data-table';
import { DateField } from '../../components/date-field';
import { MoneyInput } from '../../components/money-input';
import { PageHeader } from '../../components/page-title';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { api, fieldErrors } from '../../lib/api';
import { formatDate, formatMoney, formatNumber, today } from '../../lib/format';
import { CreditSummary, creditsKey, useCredits } from './credit-summary';

/** /sms/packages: the credit left, buying a package (an expense from a payment mode), the packages bought. */
export default function SmsPackagesScreen() {
  const { t } = useTranslation('notifications');
  const queryClient = useQueryClient();
  const credits = useCredits();
  const [pkg, setPkg] = useState<string>('starter');
  const [customCredits, setCustomCredits] = useState<number | null>(null);
  const [price, setPrice] = useState<number | null>(null);
  const [modeId, setModeId] = useState<number | null>(null);
  const [boughtOn, setBoughtOn] = useState(today());
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const custom = pkg === 'custom';
  const catalogue = credits.data?.catalogue ?? [];

  const buy = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const res = await api(
      buySmsPackage,
      {
        package: custom ? undefined : pkg,
        credits: custom ? (customCredits ?? undefined) : undefined,
        price: custom ? (price ?? undefined) : undefined,
        mode_id: modeId as number,
        bought_on: boughtOn,
        reference,
      },
      { texts: { success: t('bought') } },
    );
    setBusy(false);
    if (!res.ok) return setErrors(fieldErrors(res.errors));
    setErrors({});
    setReference('');
    void queryClient.invalidateQueries({ queryKey: creditsKey });
  };

  const columns: Column<SmsPackageRow>[] = [
    { key: 'bought_on', label: t('fields.boughtOn'), render: (r) => formatDate(r.bought_on) },
    { key: 'name', label: t('fields.package') },
    { key: 'credits', label: t('fields.credits'), numeric: true, render: (r) => formatNumber(r.credits) },
    { key: 'price', label: t('fields.price'), numeric: true, render: (r) => formatMoney(r.price) },
    { key: 'mode', label: t('fields.mode'), render: (r) => r.mode ?? '' },
    { key: 'reference', label: t('fields.reference'), render: (r) => r.reference ?? '' },
    { key: 'bought_by', label: t('fields.boughtBy') },
  ];

  return (
    <div data-screen-status="built">
      <PageHeader />
      <CreditSummary />
      <Paper withBorder p="md" mb="lg" maw={720}>
        <Title order={4} mb="sm">
          {t('buy')}
        </Title>
        <form onSubmit={buy} noValidate>
          <Stack gap="sm">
            <Select
              label={t('fields.package')}
              allowDeselect={false}
              data={[
                ...catalogue.map((c) => ({ value: c.key, label: `${c.name}: ${formatMoney(c.price)}` })),
                { value: 'custom', label: t('custom') },
              ]}
              value={pkg}
              onChange={(v) => setPkg(v ?? 'starter')}
              error={errors.package}
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
                  value={customCredits ?? ''}
                  onChange={(v) => setCustomCredits(typeof v === 'number' ? v : null)}
                  error={errors.credits}
                />
                <MoneyInput label={t('fields.price')} required value={price} onChange={setPrice} error={errors.price} />
              </SimpleGrid>
            ) : null}
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
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
                label={t('fields.boughtOn')}
                value={boughtOn}
                max={today()}
                onChange={setBoughtOn}
                error={errors.bought_on}
              />
              <TextInput
                label={t('fields.reference')}
                value={reference}
                maxLength={100}
                onChange={(e) => setReference(e.currentTarget.value)}
                error={errors.reference}
              />
            </SimpleGrid>
            <Button type="submit" w="fit-content" loading={busy}>
              {t('buyButton')}
            </Button>
          </Stack>
        </form>
      </Paper>
      <DataTable columns={columns} rows={credits.data?.packages} query={credits} empty={t('noPackages')} />
    </div>
  );
}
