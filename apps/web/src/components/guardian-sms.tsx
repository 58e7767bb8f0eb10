import { Alert, Button, Group, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { type feesReminders, type GuardianSendOutput, phoneDisplay, type resultsSms } from '@somero/contract';
import { useState } from 'react';
import { api, type CallInput, fieldErrors } from '../lib/api';
import { formatNumber } from '../lib/format';
import { ConfirmDialog } from './confirm-dialog';
import { JobProgress } from './job-progress';
import { SmsCharactersNotice } from './sms-characters';

type GuardianCall = typeof feesReminders | typeof resultsSms;

/**
 * A button that sends a template to the guardians of the students on the screen (fee reminders on the
 * fees summary, results on a report-card screen): the dialog previews the count, the credits and the
 * first messages filled in, asks to confirm the cost, sends as a job and follows it. A send larger than
 * the credit is refused.
 */
export function GuardianSmsButton<C extends GuardianCall>({
  call,
  body,
  label,
  defaultMessage,
  placeholders,
  disabled,
}: {
  call: C;
  /** The screen's filter: who the students are. */
  body: Omit<CallInput<C>, 'message' | 'send' | 'confirm'>;
  label: string;
  defaultMessage: string;
  placeholders: readonly string[];
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState(defaultMessage);
  const [preview, setPreview] = useState<GuardianSendOutput | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [question, setQuestion] = useState<string | null>(null);

  const ask = async (text = message) => {
    setBusy(true);
    const res = await api(call, { ...body, message: text, send: false } as never, { silentSuccess: true });
    setBusy(false);
    if (res.ok) {
      setError(null);
      setPreview(res.data as GuardianSendOutput);
    } else setError(fieldErrors(res.errors).message ?? null);
  };
  const send = async (confirm: boolean) => {
    setBusy(true);
    const res = await api(call, { ...body, message, send: true, confirm } as never);
    setBusy(false);
    setQuestion(!res.ok && res.confirm && res.message ? res.message : null);
    if (res.ok) {
      setJobId((res.data as GuardianSendOutput).job_id);
      setPreview(null);
    }
  };
  const edit = (text: string) => {
    setMessage(text);
    setPreview(null);
  };

  return (
    <>
      <Button
        variant="default"
        disabled={disabled}
        onClick={() => {
          setOpen(true);
          setJobId(null);
          void ask();
        }}
      >
        {label}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={label} size="lg">
        <Stack gap="sm">
          <Textarea
            label="Message"
            required
            autosize
            minRows={3}
            maxLength={1600}
            value={message}
            onChange={(e) => edit(e.currentTarget.value)}
            error={error}
          />
          <SmsCharactersNotice text={message} onChange={edit} />
          <Group gap={6}>
            <Text size="sm" c="dimmed">
              Filled for each student:
            </Text>
            {placeholders.map((key) => (
              <Button key={key} size="compact-xs" variant="light" onClick={() => edit(`${message}{${key}}`)}>
                {`{${key}}`}
              </Button>
            ))}
          </Group>
          {placeholders.includes('balance') ? (
            <Text size="xs" c="dimmed">
              {'{balance}'} is written with its unit (UGX 150,000): no need to type UGX before it.
            </Text>
          ) : null}
          {preview ? (
            <Paper withBorder p="sm" data-testid="guardian-sms-preview">
              <Text fw={600} data-testid="guardian-sms-count">
                {formatNumber(preview.recipients)} messages, {formatNumber(preview.credits)} credits (balance{' '}
                {formatNumber(preview.balance)})
              </Text>
              {preview.without_phone ? (
                <Text size="sm" c="dimmed">
                  {formatNumber(preview.without_phone)} without a guardian's phone number.
                </Text>
              ) : null}
              {!preview.enough ? (
                <Alert color="red" variant="light" my="xs">
                  Not enough SMS credit: buy more on SMS Packages.
                </Alert>
              ) : null}
              <Stack gap={6} mt="xs">
                {preview.preview.map((p) => (
                  <Paper key={p.phone} bg="var(--mantine-color-gray-0)" p="xs">
                    <Text size="sm" fw={500}>
                      {p.name} · {phoneDisplay(p.phone)}
                    </Text>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {p.text}
                    </Text>
                  </Paper>
                ))}
              </Stack>
            </Paper>
          ) : null}
          {jobId ? (
            <Paper withBorder p="sm" data-testid="guardian-sms-job">
              <JobProgress jobId={jobId} unit="messages" failedText="could not be sent (their credits were refunded)" />
            </Paper>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void ask()} loading={busy && !preview}>
              Preview
            </Button>
            <Button
              onClick={() => void send(false)}
              disabled={!preview?.recipients || !preview.enough}
              loading={busy && Boolean(preview)}
            >
              Send
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={question !== null}
        title="Send these messages?"
        message={question ?? ''}
        confirmLabel="Send"
        onConfirm={() => void send(true)}
        onClose={() => setQuestion(null)}
      />
    </>
  );
}
