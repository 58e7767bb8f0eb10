import { Alert, Button, Group, Paper, SimpleGrid, Title } from '@mantine/core';
import { type termDate, updateTermDate } from '@somero/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DateField } from '../../components/date-field';
import { api } from '../../lib/api';
import { useContractForm } from '../../lib/contract-form';
import { useSaving } from '../../lib/saving';

type TermDate = z.infer<typeof termDate>;

interface Props {
  term: TermDate;
  editable: boolean;
  onSaved: () => void;
}

/** One term's opening, closing and next-term dates, saved on their own (PUT term_dates/{id}). */
export function TermRow({ term, editable, onSaved }: Props) {
  const { t } = useTranslation('settings');
  const saving = useSaving();
  const { field, submit } = useContractForm(
    updateTermDate.input,
    { opens_on: term.opens_on, closes_on: term.closes_on, next_term_begins: term.next_term_begins ?? '' },
    (v) => ({ ...v, next_term_begins: v.next_term_begins || null }),
  );
  const [refusal, setRefusal] = useState<string>();
  const label = t('terms.term', { n: term.term });

  const send = submit((input) => api(updateTermDate, input, { id: term.id }), onSaved);
  const save = async (event: FormEvent) => {
    setRefusal(undefined);
    const result = await send(event);
    if (!result.ok && result.status === 202) setRefusal(result.message);
  };

  const date = (key: 'opens_on' | 'closes_on' | 'next_term_begins') => ({
    ...field(key),
    readOnly: !editable,
    label: t(`terms.${key}`),
  });

  return (
    <Paper withBorder p="md" component="form" onSubmit={(e: FormEvent) => void save(e)} noValidate aria-label={label}>
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          {label}
        </Title>
        {editable ? (
          <Button type="submit" size="xs" loading={saving}>
            {t('terms.save', { n: term.term })}
          </Button>
        ) : null}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <DateField {...date('opens_on')} required />
        <DateField {...date('closes_on')} required />
        <DateField {...date('next_term_begins')} />
      </SimpleGrid>
      {refusal ? (
        <Alert mt="sm" color="orange" role="alert">
          {refusal}
        </Alert>
      ) : null}
    </Paper>
  );
}
