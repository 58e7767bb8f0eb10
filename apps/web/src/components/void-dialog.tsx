import { Modal, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiFail, type ApiResult, fieldErrors } from '../lib/api';
import { FormButtons } from './form-buttons';
import { ReasonField } from './reason-field';

/** What a money call answers, as a dialog needs it. */
export type Outcome = ApiResult<unknown, unknown>;
const errorsOf = (result: Outcome) => (result.ok ? {} : fieldErrors((result as ApiFail).errors));

interface VoidProps {
  title: string;
  message: string;
  onVoid: (reason: string) => Promise<Outcome>;
  onClose: () => void;
  /** The void button's text; "Void payment" unless given (other money records, e.g. revenues). */
  confirm?: string;
}

/** Void a payment (or another money record): the reason is required, and it stays listed as void. */
export function VoidDialog({ title, message, onVoid, onClose, confirm }: VoidProps) {
  const { t } = useTranslation('fees-desk');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await onVoid(reason.trim());
    if (result.ok) onClose();
    else setErrors(errorsOf(result));
  };
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <Text>{message}</Text>
          <ReasonField label={t('fields.reason')} autoFocus value={reason} onChange={setReason} error={errors.reason} />
          <FormButtons
            onCancel={onClose}
            submit={confirm ?? t('void.confirm')}
            color="red"
            disabled={reason.trim().length < 3}
            mt={0}
          />
        </Stack>
      </form>
    </Modal>
  );
}
