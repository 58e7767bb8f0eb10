import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { z } from 'zod';
import { PageTitle } from '../../components/page-title';
import type { ApiOk, ApiResult } from '../../lib/api';
import { useContractForm } from '../../lib/contract-form';
import { useSaving } from '../../lib/saving';

interface Props {
  children: ReactNode;
  /** The line under the title. */
  intro?: ReactNode;
  /** The server's refusal or the form's own failure, shown above the fields. */
  error?: string;
  /** With a submit label the card is a form with one full-width submit button under the fields. */
  submit?: string;
  onSubmit?: (event: FormEvent) => void;
  /** Links under the button. */
  footer?: ReactNode;
}

/** The card every public screen sits in: the route's title, the intro, the error, the fields, the button. */
export function AuthCard({ children, intro, error, submit, onSubmit, footer }: Props) {
  const saving = useSaving();
  return (
    <Paper
      p="xl"
      shadow="md"
      radius="md"
      withBorder
      component={onSubmit ? 'form' : 'div'}
      onSubmit={onSubmit}
      noValidate
    >
      <Stack gap="md">
        <PageTitle order={3} />
        {typeof intro === 'string' ? (
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
        ) : (
          intro
        )}
        {error ? (
          <Alert color="red" role="alert" data-testid="form-error">
            {error}
          </Alert>
        ) : null}
        {children}
        {submit ? (
          <Button type="submit" loading={saving} fullWidth>
            {submit}
          </Button>
        ) : null}
        {footer}
      </Stack>
    </Paper>
  );
}

/**
 * A public form: `useContractForm` (each field checked by the call's schema as it is left) and the card's
 * error. `submitting(send, onDone, failed)` makes the submit handler: it sends quietly (the message shows
 * in the card, not as a notice), puts a 422's messages on the fields and the server's message in the card.
 */
export function usePublicForm<V extends Record<string, unknown>, I = V>(
  schema: z.ZodType,
  initial: V,
  toInput?: (values: V) => I,
) {
  const contract = useContractForm(schema, initial, toInput);
  const [error, setError] = useState<string>();
  const submitting =
    <T, Totals>(
      send: (input: I) => Promise<ApiResult<T, Totals>>,
      onDone: (result: ApiOk<T, Totals>) => void,
      failed: string,
    ) =>
    async (event: FormEvent) => {
      setError(undefined);
      const result = await contract.submit(send, (_, ok) => onDone(ok))(event);
      if (!result.ok) setError(result.message ?? failed);
    };
  return { ...contract, error, submitting };
}
