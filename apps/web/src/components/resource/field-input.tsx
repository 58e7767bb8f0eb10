import { NumberInput, Select, Switch, Textarea, TextInput } from '@mantine/core';
import type { Field } from '@somero/contract';
import type { ReactNode } from 'react';
import { DateField } from '../date-field';
import { MoneyInput } from '../money-input';
import type { ReferenceOption } from './reference-options';
import { ReferenceSelect, ReferencesSelect } from './reference-select';

/** A form value: text and dates as strings, numbers and references as numbers (several: a list), switches as booleans. */
export type FieldValue = string | number | boolean | number[] | null;

interface Props {
  field: Field;
  value: FieldValue;
  onChange: (value: FieldValue) => void;
  /** When the field is left (a form of lib/contract-form.ts checks it then). */
  onBlur?: () => void;
  error?: ReactNode;
  /** For reference fields: only some of the target's rows. */
  only?: (option: ReferenceOption) => boolean;
  autoFocus?: boolean;
  /** When the field is entered (the form's own focus tracking, from `field(name)`). */
  onFocus?: () => void;
}

const text = (value: FieldValue) => (value === null || value === undefined ? '' : String(value));
const number = (value: FieldValue) => (typeof value === 'number' ? value : null);

/** One input for a declared field, chosen by its kind; the messages are the form's (the contract's words). */
export function FieldInput({ field, value, onChange, error, only, autoFocus, onBlur, onFocus }: Props) {
  const common = {
    label: field.label,
    required: field.required,
    error,
    description: field.help,
    'data-autofocus': autoFocus || undefined,
    onBlur,
    onFocus,
  };
  switch (field.kind) {
    case 'textarea':
      return (
        <Textarea
          {...common}
          autosize
          minRows={2}
          value={text(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          allowDecimal={false}
          min={field.min}
          max={field.max}
          // Never changed behind the user's back (term 5 is refused by the server, not saved as 3).
          clampBehavior="none"
          value={typeof value === 'number' ? value : ''}
          onChange={(next) => onChange(typeof next === 'number' ? next : null)}
        />
      );
    case 'money':
      return <MoneyInput {...common} value={number(value)} onChange={onChange} />;
    case 'boolean':
      return (
        <Switch
          mt="xl"
          label={field.label}
          error={error}
          onBlur={onBlur}
          onFocus={onFocus}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          data={(field.options ?? []).map((o) => ({ value: o.value, label: o.label }))}
          value={typeof value === 'string' && value ? value : null}
          onChange={(next) => onChange(next)}
          clearable={!field.required}
          allowDeselect={!field.required}
        />
      );
    case 'reference':
      return (
        <ReferenceSelect
          {...common}
          references={field.references ?? ''}
          value={number(value)}
          onChange={onChange}
          only={only}
        />
      );
    case 'references':
      return (
        <ReferencesSelect
          {...common}
          references={field.references ?? ''}
          placeholder={Array.isArray(value) && value.length > 0 ? undefined : field.none}
          value={Array.isArray(value) ? value : []}
          onChange={onChange}
        />
      );
    case 'date':
      return <DateField {...common} value={text(value)} onChange={onChange} />;
    case 'datetime':
      return <DateField {...common} withTime value={text(value)} onChange={onChange} />;
    default:
      return (
        <TextInput
          {...common}
          type={field.kind === 'email' ? 'email' : field.kind === 'phone' ? 'tel' : 'text'}
          maxLength={field.max}
          value={text(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}
