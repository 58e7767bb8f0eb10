import { Button, Group, Modal, SegmentedControl, SimpleGrid, TextInput } from '@mantine/core';
import { addMoneyTransfer } from '@somero/contract';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { MoneyInput } from '../../../components/money-input';
import { ReferenceSelect } from '../../../components/resource/reference-select';
import { api, type CallInput } from '../../../lib/api';
import { useContractForm } from '../../../lib/contract-form';
import { today } from '../../../lib/format';
import { useSaving } from '../../../lib/saving';

interface Props {
  /** The mode whose statement is open: the money leaves it or comes into it. */
  mode: { id: number; name: string };
  onClose: () => void;
  onSaved: () => void;
}

/** Move money between two modes (banking the day's cash): POST money_transfers. */
export function TransferForm({ mode, onClose, onSaved }: Props) {
  const { t } = useTranslation('fees-setup');
  const saving = useSaving();
  const { form, field, values, submit } = useContractForm(addMoneyTransfer.input, {
    from_mode_id: mode.id as number | null,
    to_mode_id: null as number | null,
    amount: null as number | null,
    transferred_on: today(),
    reference: '',
    note: '',
  });
  // Out of this mode, or into it: the other end is the mode the bursar chooses.
  const direction = values.from_mode_id === mode.id ? 'out' : 'in';
  const other = direction === 'out' ? 'to_mode_id' : 'from_mode_id';
  const otherError = form.errors.from_mode_id ?? form.errors.to_mode_id;
  const save = submit(
    (input) => api(addMoneyTransfer, input as CallInput<typeof addMoneyTransfer>, { refusalAsSuccess: true }),
    onSaved,
  );

  return (
    <Modal opened onClose={onClose} title={t('transfers.add')} size="lg">
      <form onSubmit={(e) => void save(e)} noValidate>
        <SegmentedControl
          mb="md"
          fullWidth
          value={direction}
          onChange={(next) => {
            if (next === direction) return;
            form.setValues({ from_mode_id: values.to_mode_id, to_mode_id: values.from_mode_id });
            form.clearErrors();
          }}
          data={[
            { value: 'out', label: t('transfers.out', { name: mode.name }) },
            { value: 'in', label: t('transfers.in', { name: mode.name }) },
          ]}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <ReferenceSelect
            label={direction === 'out' ? t('transfers.toMode') : t('transfers.fromMode')}
            references="payment_options"
            required
            only={(o) => o.row.id !== mode.id && o.row.active !== false}
            {...field(other)}
            // None chosen: the screen's words for it ("Choose the other payment mode").
            error={otherError && values[other] === null ? t('transfers.chooseMode') : otherError}
          />
          <MoneyInput label={t('transfers.amount')} required {...field('amount')} />
          <DateField label={t('transfers.date')} max={today()} {...field('transferred_on')} />
          <TextInput label={t('transfers.reference')} maxLength={100} {...field('reference')} />
          <TextInput label={t('transfers.note')} maxLength={500} {...field('note')} />
        </SimpleGrid>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('transfers.save')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
