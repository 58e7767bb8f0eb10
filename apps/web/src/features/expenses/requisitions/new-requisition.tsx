import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  addToRequisitionCart,
  changeRequisitionCartLine,
  listRequisitionCart,
  type RequisitionRow,
  removeRequisitionCartLine,
  requisitionCartTotal,
  submitRequisition,
} from '@somero/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateField } from '../../../components/date-field';
import { PageHeader } from '../../../components/page-title';
import { ReferenceSelect } from '../../../components/resource/reference-select';
import { api } from '../../../lib/api';
import { useContractForm } from '../../../lib/contract-form';
import { formatMoney, today } from '../../../lib/format';
import { useSaving } from '../../../lib/saving';
import { expenseKeys } from '../keys';
import { type Cart, CartPanel, useCart } from './cart-panel';

/** The requisition cart: the same lines as the expense cart, kept apart, per user. */
export const requisitionCart: Cart = {
  key: expenseKeys.requisitionCart,
  list: listRequisitionCart,
  total: requisitionCartTotal,
  add: addToRequisitionCart,
  change: changeRequisitionCartLine,
  remove: removeRequisitionCartLine,
};

/**
 * /new/requisition: put what is needed in the requisition cart (an item, how many, at what unit cost),
 * then submit the whole cart as one requisition, to be checked, approved and paid on /requisitions/view.
 * A requisition returned for editing comes back into this cart.
 */
export default function NewRequisitionScreen() {
  const { t } = useTranslation('expenses');
  const queryClient = useQueryClient();
  const saving = useSaving();
  const cart = useCart(requisitionCart);
  const { field, setValue, submit } = useContractForm(
    submitRequisition.input,
    { title: '', needed_on: '', supplier_id: null as number | null, note: '' },
    (v) => ({
      title: v.title.trim(),
      needed_on: v.needed_on,
      supplier_id: v.supplier_id ?? undefined,
      note: v.note.trim(),
    }),
  );
  const [submitted, setSubmitted] = useState<{ requisition: RequisitionRow; message?: string } | null>(null);
  const total = cart.total.data?.data;

  const send = submit(
    (input) => api(submitRequisition, input, { module: 'expenses', action: 'requisition', silentSuccess: true }),
    (requisition, result) => {
      setSubmitted({ requisition, message: result.message });
      setValue('title', '');
      setValue('needed_on', '');
      setValue('note', '');
      cart.reload();
      void queryClient.invalidateQueries({ queryKey: expenseKeys.requisitions });
    },
  );

  return (
    <div data-screen-status="built">
      <PageHeader />
      {submitted ? (
        <Alert
          color="green"
          mb="md"
          withCloseButton
          onClose={() => setSubmitted(null)}
          data-testid="requisition-submitted"
        >
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">
              {t('requisition.submitted', {
                number: submitted.requisition.number,
                total: formatMoney(submitted.requisition.total),
              })}
            </Text>
            <Anchor component={Link} to="/requisitions/view" size="sm">
              {t('requisition.view')}
            </Anchor>
          </Group>
        </Alert>
      ) : null}
      <CartPanel cart={requisitionCart} state={cart} empty={t('requisition.empty')} />
      <Paper withBorder p="md" component="form" onSubmit={(e: FormEvent) => void send(e)} noValidate>
        <Title order={3} size="h4" mb="sm">
          {t('requisition.title')}
        </Title>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <TextInput
              label={t('requisition.for')}
              description={t('requisition.forHint')}
              required
              {...field('title')}
            />
            <DateField label={t('requisition.neededOn')} min={today()} {...field('needed_on')} />
            <ReferenceSelect label={t('fields.supplier')} references="suppliers" clearable {...field('supplier_id')} />
          </SimpleGrid>
          <Textarea label={t('fields.note')} autosize minRows={2} {...field('note')} />
          <Group justify="space-between">
            <Text fw={600} data-testid="requisition-total">
              {t('record.total', { total: formatMoney(total?.amount ?? 0) })}
            </Text>
            <Button type="submit" loading={saving}>
              {t('requisition.submit')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </div>
  );
}
