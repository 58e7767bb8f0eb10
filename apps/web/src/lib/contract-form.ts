import { schemaResolver, useForm } from '@mantine/form';
import { fieldMessage } from '@somero/contract';
import type { FormEvent } from 'react';
import { z } from 'zod';
import { type ApiOk, type ApiResult, fieldErrors } from './api';

// The contract's words for every issue its schemas do not word themselves ("Enter the amount"), as the
// API answers them in a 422 (the API installs the same map in core/input.ts).
z.config({ customError: (issue) => fieldMessage(issue as Parameters<typeof fieldMessage>[0]) });

type Values = Record<string, unknown>;

/**
 * A form checked by the contract's zod schema of its call (ARCHITECTURE §5). Each field is checked as it
 * is left, and again as it is typed while it shows a message, with the same schema and words as the
 * server; the server stays the judge: `submit` always sends, and a 422's field messages land on the fields.
 *
 * `toInput` turns the form's values into the call's input (trimmed text, a cleared select as null): what
 * is checked is what is sent. Field names are the input's (snake_case), so both messages meet.
 */
export function useContractForm<V extends Values, I = V>(
  schema: z.ZodType,
  initialValues: V,
  toInput: (values: V) => I = (values) => values as unknown as I,
) {
  const resolve = schemaResolver(schema, { sync: true });
  const form = useForm<V>({
    mode: 'controlled',
    initialValues,
    validateInputOnBlur: true,
    validate: (values: V) => resolve(toInput(values)),
  });

  /** A field's props for a Mantine input or our own (MoneyInput, DateField, ReferenceSelect, ReasonField). */
  const field = <K extends keyof V & string>(name: K) => {
    const props = form.getInputProps(name);
    return {
      ...props,
      value: form.values[name],
      onChange: (value: unknown) => {
        props.onChange(value);
        // Wrong a moment ago: say at once whether it is right now.
        if (form.errors[name]) form.validateField(name);
      },
    };
  };

  /** The submit handler: sends `toInput(values)` through `send`, and puts a 422's messages on the fields. */
  const submit =
    <T, Totals>(
      send: (input: I) => Promise<ApiResult<T, Totals>>,
      onSaved?: (data: T, result: ApiOk<T, Totals>) => void,
    ) =>
    async (event?: FormEvent) => {
      event?.preventDefault();
      const result = await send(toInput(form.getValues()));
      if (result.ok) {
        form.clearErrors();
        onSaved?.(result.data, result);
      } else form.setErrors(fieldErrors(result.errors));
      return result;
    };

  return { form, values: form.values, field, submit, setValue: form.setFieldValue };
}
