import { Modal, type ModalProps, SegmentedControl, Stack, Textarea, TextInput } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { FormButtons } from './form-buttons';
import { ReasonField } from './reason-field';
import { ReferenceSelect } from './resource/reference-select';

/**
 * The money forms (a revenue, an asset purchase, an expense's amendment, a payment's) share their
 * frame and their common fields; each area keeps its own fields and words. The fields take the props of
 * `useContractForm`'s `field(name)` (lib/contract-form.ts), so each is checked by the call's schema.
 */
interface FieldProps<T> {
  value: T;
  onChange: (value: T) => void;
  onBlur?: () => void;
  onFocus?: () => void;
  error?: ReactNode;
}

/** A modal holding one money form: its fields in a stack, then Cancel and the submit button. */
export function MoneyFormModal({
  title,
  size,
  onClose,
  onSubmit,
  submit,
  submitDisabled,
  children,
}: {
  title: string;
  size?: ModalProps['size'];
  onClose: () => void;
  onSubmit: (event: FormEvent) => Promise<unknown>;
  submit: string;
  submitDisabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Modal opened onClose={onClose} title={title} centered size={size}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack>{children}</Stack>
        <FormButtons onCancel={onClose} submit={submit} disabled={submitDisabled} />
      </form>
    </Modal>
  );
}

/**
 * The payment mode money went into or came from. A new document offers only the modes in use; a
 * document being changed offers its own mode too (`current`), or every mode when neither is given.
 */
export function ModeField({
  label,
  fresh,
  current,
  required = true,
  ...field
}: FieldProps<number | null> & { label: string; fresh: boolean; current?: number | null; required?: boolean }) {
  return (
    <ReferenceSelect
      label={label}
      references="payment_options"
      required={required}
      only={fresh || current != null ? (o) => o.row.active !== false || o.row.id === current : undefined}
      {...field}
    />
  );
}

/** Paid from a payment mode, or on credit from a supplier. */
export function PaidOrCredit({
  onCredit,
  onChange,
  labels,
}: {
  onCredit: boolean;
  onChange: (onCredit: boolean) => void;
  labels: { paid: string; credit: string };
}) {
  return (
    <SegmentedControl
      w="fit-content"
      value={onCredit ? 'credit' : 'paid'}
      onChange={(v) => onChange(v === 'credit')}
      data={[
        { value: 'paid', label: labels.paid },
        { value: 'credit', label: labels.credit },
      ]}
    />
  );
}

/** The supplier a document was bought from; required when bought on credit. */
export function SupplierField({
  label,
  onCredit = false,
  ...field
}: FieldProps<number | null> & { label: string; onCredit?: boolean }) {
  return <ReferenceSelect label={label} references="suppliers" required={onCredit} clearable {...field} />;
}

/** A line of text (a reference, who paid), with its hint. */
export function TextField({
  label,
  hint,
  required,
  ...field
}: FieldProps<string> & { label: string; hint?: string; required?: boolean }) {
  return (
    <TextInput
      label={label}
      description={hint}
      required={required}
      {...field}
      onChange={(e) => field.onChange(e.currentTarget.value)}
    />
  );
}

/** A document's free text (description, note). */
export function NoteField({ label, ...field }: FieldProps<string> & { label: string }) {
  return (
    <Textarea label={label} autosize minRows={2} {...field} onChange={(e) => field.onChange(e.currentTarget.value)} />
  );
}

/** Why a document is amended: only when amending (`shown`). */
export function AmendReasonField({
  shown = true,
  label,
  hint,
  ...field
}: FieldProps<string> & { shown?: boolean; label: string; hint: string }) {
  if (!shown) return null;
  return (
    <ReasonField
      label={label}
      description={hint}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      onFocus={field.onFocus}
      error={typeof field.error === 'string' ? field.error : undefined}
    />
  );
}
