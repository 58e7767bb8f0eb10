import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { PageTitle } from '../../components/page-title';
import { type ApiResult, fieldErrors } from '../../lib/api';
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
 * A public form's error and field messages. `submitting(send, onDone, failed)` makes the submit handler:
 * it sends quietly (the message shows in the card, not as a notice) and sets the messages on failure.
 */
export function usePublicForm() {
  const [error, setError] = useState<string>();
  const [fields, setFields] = useState<Record<string, string>>({});
  const submitting =
    <T, Totals>(
      send: () => Promise<ApiResult<T, Totals>>,
      onDone: (result: ApiResult<T, Totals> & { ok: true }) => void,
      failed: string,
    ) =>
    async (event: FormEvent) => {
      event.preventDefault();
      setError(undefined);
      setFields({});
      const result = await send();
      if (result.ok) {
        onDone(result);
        return;
      }
      setFields(fieldErrors(result.errors));
      setError(result.message ?? failed);
    };
  return { error, fields, setFields, submitting };
}
