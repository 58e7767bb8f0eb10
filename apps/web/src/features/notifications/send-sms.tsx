import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { phoneDisplay, sendSmsCall, smsAudiences, smsCount } from '@somero/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { JobProgress } from '../../components/job-progress';
import { PageHeader } from '../../components/page-title';
import { SmsCharactersNotice } from '../../components/sms-characters';
import { type ApiResult, api, type CallOutput } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import {
  type AudienceChoice,
  AudienceFields,
  audienceBody,
  firstAudience,
  PlaceholderButtons,
  setAudience,
} from './audience-fields';
import { CreditSummary, creditsKey } from './credit-summary';
import { useSendFlow } from './send-flow';

type Audience = (typeof smsAudiences)[number];
type Preview = CallOutput<typeof smsCount>;

/**
 * /notification/sms: choose who, write the message (characters that make it Unicode pointed out),
 * preview the count and credits, send as a job once the cost is confirmed.
 */
export default function SendSmsScreen() {
  const { t } = useTranslation('notifications');
  const queryClient = useQueryClient();
  /** The server's question with the send's cost, asked before anything is spent. */
  const [question, setQuestion] = useState<string | null>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);

  const {
    form,
    field,
    values,
    setValue,
    preview,
    jobs,
    busy,
    ask,
    send: sendWith,
  } = useSendFlow(
    smsCount.input,
    { ...(firstAudience as AudienceChoice<Audience>), numbers: '', message: '' },
    (v) => ({ ...audienceBody(v), numbers: v.audience === 'numbers' ? v.numbers : undefined, message: v.message }),
    (input): Promise<ApiResult<Preview>> => api(smsCount, input, { silentSuccess: true }),
  );
  const setMessage = (message: string) => setValue('message', message);

  const send = async (confirm: boolean) => {
    const res = await sendWith(
      (input) =>
        api(sendSmsCall, { ...input, confirm }, { silentSuccess: true, module: 'notifications', action: 'sms' }),
      (data) => data.job_id,
    );
    setQuestion(!res.ok && res.confirm && res.message ? res.message : null);
    if (res.ok) void queryClient.invalidateQueries({ queryKey: creditsKey });
  };

  return (
    <div data-screen-status="built">
      <PageHeader />
      <CreditSummary />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <form onSubmit={(e) => void ask(e)} noValidate>
          <Stack gap="sm">
            <AudienceFields
              ns="notifications"
              audiences={smsAudiences}
              typed="numbers"
              value={values}
              onChange={(change) => setAudience(setValue, change)}
              onLeave={form.validateField}
              errors={form.errors}
            />
            <Textarea
              ref={textRef}
              label={t('fields.message')}
              required
              autosize
              minRows={4}
              maxLength={1600}
              {...field('message')}
            />
            <SmsCharactersNotice text={values.message} onChange={setMessage} />
            <PlaceholderButtons ns="notifications" textRef={textRef} message={values.message} onChange={setMessage} />
            <Group>
              <Button type="submit" variant="default" loading={busy && !preview}>
                {t('preview')}
              </Button>
              <Button
                onClick={() => void send(false)}
                disabled={!preview?.enough || !preview.recipients}
                loading={busy && Boolean(preview)}
              >
                {t('send')}
              </Button>
            </Group>
          </Stack>
        </form>
        <Stack gap="sm">
          {preview ? <PreviewPanel preview={preview} /> : <Text c="dimmed">{t('previewHint')}</Text>}
          {jobs.map((id) => (
            <Paper key={id} withBorder p="sm" data-testid="sms-job">
              <JobProgress jobId={id} unit={t('messagesUnit')} failedText={t('notSent')} />
            </Paper>
          ))}
        </Stack>
      </SimpleGrid>
      <ConfirmDialog
        opened={question !== null}
        title={t('confirmTitle')}
        message={question ?? ''}
        confirmLabel={t('send')}
        onConfirm={() => void send(true)}
        onClose={() => setQuestion(null)}
      />
    </div>
  );
}

function PreviewPanel({ preview }: { preview: Preview }) {
  const { t } = useTranslation('notifications');
  return (
    <Paper withBorder p="sm" data-testid="sms-preview">
      <Text fw={600} data-testid="sms-count">
        {t('count', {
          recipients: formatNumber(preview.recipients),
          credits: formatNumber(preview.credits),
          balance: formatNumber(preview.balance),
        })}
      </Text>
      <Text size="sm" c="dimmed">
        {t('length', {
          characters: formatNumber(preview.characters),
          parts: preview.parts,
          encoding: t(`encoding.${preview.encoding}`),
        })}
      </Text>
      {preview.duplicates || preview.without_phone ? (
        <Text size="sm" c="dimmed">
          {t('skipped', { duplicates: preview.duplicates, without: preview.without_phone })}
        </Text>
      ) : null}
      {preview.invalid.length ? (
        <Text size="sm" c="orange">
          {t('invalid', { list: preview.invalid.join(', ') })}
        </Text>
      ) : null}
      {!preview.enough ? (
        <Alert color="red" variant="light" my="xs">
          {t('notEnough')}
        </Alert>
      ) : null}
      <Stack gap={6} mt="xs">
        {preview.preview.map((p) => (
          <Paper key={p.phone} bg="var(--mantine-color-gray-0)" p="xs">
            <Group justify="space-between" gap={4}>
              <Text size="sm" fw={500}>
                {p.name} · {phoneDisplay(p.phone)}
              </Text>
              <Badge variant="light">{t('parts', { count: p.parts })}</Badge>
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {p.text}
            </Text>
          </Paper>
        ))}
      </Stack>
    </Paper>
  );
}
