import { Button, Group, Modal, SegmentedControl, SimpleGrid, TextInput } from '@mantine/core';
import { addMoneyTransfer } from '@somero/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { MoneyInput } from '../../components/money-input';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { api, fieldErrors } from '../../lib/api';
import { today } from '../../lib/format';
import { useSaving } from '../../lib/saving';

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
  const [direction, setDirection] = useState<'out' | 'in'>('out');
  const [other, setOther] = useState<number | null>(null);
  const [amount, setAmount] = useState<number | null>(null);
  const [on, setOn] = useState(today());
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    if (!other) {
      setErrors({ other: t('transfers.chooseMode') });
      return;
    }
    const [from, to] = direction === 'out' ? [mode.id, other] : [other, mode.id];
    const result = await api(
      addMoneyTransfer,
      { from_mode_id: from, to_mode_id: to, amount: amount ?? 0, transferred_on: on, reference, note },
      { refusalAsSuccess: true },
    );
    if (result.ok) onSaved();
    else {
      const e = fieldErrors(result.errors);
      setErrors({ ...e, other: e.from_mode_id ?? e.to_mode_id ?? '' });
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('transfers.add')} size="lg">
      <form onSubmit={submit} noValidate>
        <SegmentedControl
          mb="md"
          fullWidth
          value={direction}
          onChange={(v) => setDirection(v as 'out' | 'in')}
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
            value={other}
            onChange={setOther}
            error={errors.other || undefined}
          />
          <MoneyInput
            label={t('transfers.amount')}
            required
            value={amount}
            onChange={setAmount}
            error={errors.amount}
          />
          <DateField
            label={t('transfers.date')}
            max={today()}
            value={on}
            onChange={setOn}
            error={errors.transferred_on}
          />
          <TextInput
            label={t('transfers.reference')}
            maxLength={100}
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
            error={errors.reference}
          />
          <TextInput
            label={t('transfers.note')}
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            error={errors.note}
          />
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
