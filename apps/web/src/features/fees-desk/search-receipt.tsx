import { Button, Group, Paper, TextInput } from '@mantine/core';
import { searchFeesReceipt } from '@somero/contract';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-title';
import { fetchData } from '../../lib/api';
import { feesDeskKeys } from './keys';
import { PaymentsTable } from './payment-parts';

/** /search/receipt: find a receipt by its number, the student's name, admission number, payment code or reference. */
export default function SearchReceiptScreen() {
  const { t } = useTranslation('fees-desk');
  const [typed, setTyped] = useState('');
  const [asked, setAsked] = useState('');
  const found = useQuery({
    queryKey: feesDeskKeys.receiptSearch(asked),
    queryFn: () => fetchData(searchFeesReceipt, { search: asked }).then((r) => r.data),
    enabled: asked !== '',
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAsked(typed.trim());
  };

  return (
    <div data-screen-status="built">
      <PageHeader />
      <Paper withBorder p="md" mb="md" component="form" onSubmit={submit} noValidate>
        <Group align="flex-end">
          <TextInput
            label={t('search.label')}
            placeholder={t('search.hint')}
            w={360}
            autoFocus
            leftSection={<IconSearch size={16} />}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
          />
          <Button type="submit" disabled={typed.trim() === ''}>
            {t('search.go')}
          </Button>
        </Group>
      </Paper>
      {asked ? (
        <Paper withBorder p="md">
          <PaymentsTable query={found} rows={found.data} empty={t('search.none', { search: asked })} />
        </Paper>
      ) : null}
    </div>
  );
}
