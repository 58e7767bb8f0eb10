import { schemaResolver, useForm } from '@mantine/form';
import { fieldMessage } from '@somero/contract';
import type { FormEvent } from 'react';
import { z } from 'zod';
import { type ApiOk, type ApiResult, fieldErrors } from './api';

// The contract's words for every issue its schemas do not word themselves ("Enter the amount"), as the
// API answers them in a 422 (the API installs the same map in core/input.ts).
z.config({ customError: (issue) => fieldMessage(issue as Parameters<typeof fieldMessage>[0]) });

type Values = Record<string, unknown>;

// A field left by a press of the mouse (or a finger) on a button or another field is checked once the
// press is over: its message would otherwise push what is being pressed away from under the pointer
// between the press and the release, and the click (Save, opening a select) would be lost.
let pressed = false;
let afterPress: (() => void)[] = [];
const released = () => {
  pressed = false;
  const waiting = afterPress;
  afterPress = [];
  // After the click the release makes, which comes in the same task.
  if (waiting.length)
    setTimeout(() => {
      for (const check of waiting) check();
    });
};
if (typeof window !== 'undefined') {
  window.addEventListener('pointerdown', () => (pressed = true), true);
  window.addEventListener('pointerup', released, true);
  window.addEventListener('pointercancel', released, true);
}
const whenReleased = (check: () => void) => {
  if (pressed) afterPress.push(check);
  else check();
};

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

  /** The props of the field at a path of the values, also inside a group (`visiting_hours.from`). */
  const fieldAt = (path: string) => {
    const props = form.getInputProps(path);
    return {
      ...props,
      onBlur: () => whenReleased(() => props.onBlur?.()),
      onChange: (value: unknown) => {
        props.onChange(value);
        // Wrong a moment ago: say at once whether it is right now.
        if (form.errors[path]) form.validateField(path);
      },
    };
  };
  /** A field's props for a Mantine input or our own (MoneyInput, DateField, ReferenceSelect, ReasonField). */
  const field = <K extends keyof V & string>(name: K) => ({ ...fieldAt(name), value: form.values[name] });

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

  return { form, values: form.values, field, fieldAt, submit, setValue: form.setFieldValue };
}
