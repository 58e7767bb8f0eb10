import {
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  NumberInput,
  Paper,
  PasswordInput,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type EmailAttachment,
  type EmailRow,
  type EmailStatus,
  emailAttachmentAccess,
  emailAttachments,
  emailAudiences,
  emailStatuses,
  getEmailSettings,
  jobCalls,
  reportKinds,
  saveEmailSettings,
  sendEmailCall,
  sentEmails,
} from '@somero/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/data-table';
import { JobProgress } from '../../components/job-progress';
import { PageHeader } from '../../components/page-title';
import { SearchField, usePagedList, useSearch } from '../../components/paged-list';
import { can } from '../../lib/access';
import { type ApiResult, api, type CallOutput, fetchData } from '../../lib/api';
import { useUser } from '../../lib/auth';
import { useContractForm } from '../../lib/contract-form';
import { formatDateTime, formatNumber } from '../../lib/format';
import { noticeError, noticeSuccess } from '../../lib/notices';
import { sharedKeys } from '../../lib/query-keys';
import {
  type AudienceChoice,
  AudienceFields,
  audienceBody,
  firstAudience,
  forStudents,
  PlaceholderButtons,
  setAudience,
} from './audience-fields';
import { notificationKeys } from './keys';
import { useSendFlow } from './send-flow';

type Audience = (typeof emailAudiences)[number];
type Preview = CallOutput<typeof sendEmailCall>;
const settingsKey = notificationKeys.emailSettings;
const sentKey = notificationKeys.sentEmails;
const statusColour: Record<string, string> = { queued: 'gray', sent: 'green', failed: 'red' };

/** /notification/emails: choose who, write the e-mail, attach documents, preview the count, send as a job; the sent list below. */
export default function SendEmailScreen() {
  const { t } = useTranslation('emails');
  const queryClient = useQueryClient();
  const user = useUser();
  // Only the documents this user may print themselves.
  const attachable = emailAttachments.filter((a) => can(user, emailAttachmentAccess[a]));
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
    sendEmailCall.input,
    {
      ...(firstAudience as AudienceChoice<Audience>),
      addresses: '',
      subject: '',
      message: '',
      attachments: [] as EmailAttachment[],
      report_kind: null as string | null,
    },
    (v) => {
      const students = forStudents(v.audience);
      return {
        ...audienceBody(v),
        addresses: v.audience === 'addresses' ? v.addresses : undefined,
        subject: v.subject,
        message: v.message,
        attachments: students ? v.attachments : [],
        report_kind: students && v.attachments.includes('report_card') ? (v.report_kind ?? undefined) : undefined,
      };
    },
    (input): Promise<ApiResult<Preview>> => api(sendEmailCall, { ...input, preview: true }, { silentSuccess: true }),
  );
  const students = forStudents(values.audience);

  const send = async () => {
    const res = await sendWith(
      (input) =>
        api(
          sendEmailCall,
          { ...input, preview: false },
          { silentSuccess: true, module: 'notifications', action: 'emails' },
        ),
      (data) => data.job_id,
    );
    if (res.ok) void queryClient.invalidateQueries({ queryKey: sentKey });
  };

  return (
    <div data-screen-status="built">
      <PageHeader />
      <MailServer />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <form onSubmit={(e) => void ask(e)} noValidate>
          <Stack gap="sm">
            <AudienceFields
              ns="emails"
              audiences={emailAudiences}
              typed="addresses"
              value={values}
              onChange={(change) => setAudience(setValue, change)}
              onLeave={form.validateField}
              errors={form.errors}
            />
            <TextInput label={t('fields.subject')} required maxLength={200} {...field('subject')} />
            <Textarea ref={textRef} label={t('fields.message')} required autosize minRows={5} {...field('message')} />
            <PlaceholderButtons
              ns="emails"
              textRef={textRef}
              message={values.message}
              onChange={(message) => setValue('message', message)}
            />
            {students && attachable.length ? (
              <Checkbox.Group
                label={t('fields.attachments')}
                description={t('fields.attachmentsHint')}
                value={values.attachments}
                onChange={(v) => setValue('attachments', v as EmailAttachment[])}
              >
                <Group mt={4}>
                  {attachable.map((a) => (
                    <Checkbox key={a} value={a} label={t(`attachments.${a}`)} />
                  ))}
                </Group>
              </Checkbox.Group>
            ) : null}
            {students && values.attachments.includes('report_card') ? (
              <Select
                label={t('fields.reportKind')}
                description={t('fields.reportKindHint')}
                required
                data={reportKinds.map((k) => ({ value: k.value, label: k.label }))}
                {...field('report_kind')}
              />
            ) : null}
            <Group>
              <Button type="submit" variant="default" loading={busy && !preview}>
                {t('preview')}
              </Button>
              <Button onClick={() => void send()} disabled={!preview?.recipients} loading={busy && Boolean(preview)}>
                {t('send')}
              </Button>
            </Group>
          </Stack>
        </form>
        <Stack gap="sm">
          {preview ? <PreviewPanel preview={preview} /> : <Text c="dimmed">{t('previewHint')}</Text>}
          {jobs.map((id) => (
            <Paper key={id} withBorder p="sm" data-testid="email-job">
              <SendProgress jobId={id} />
            </Paper>
          ))}
        </Stack>
      </SimpleGrid>
      <SentList />
    </div>
  );
}

/** A send's progress; when it ends, the notice of the specification and the sent list refreshed. */
function SendProgress({ jobId }: { jobId: number }) {
  const { t } = useTranslation('emails');
  const queryClient = useQueryClient();
  const { data: job } = useQuery({
    queryKey: sharedKeys.job(jobId),
    queryFn: () => fetchData(jobCalls.job, {}, { id: jobId }).then((r) => r.data),
    refetchInterval: (query) => (['done', 'failed'].includes(query.state.data?.status ?? '') ? false : 1000),
  });
  const told = useRef(false);
  const finished = job?.status === 'done' || job?.status === 'failed';
  useEffect(() => {
    if (!finished || told.current || !job) return;
    told.current = true;
    if (job.status === 'failed' || job.failed > 0) noticeError(t('failure'));
    else noticeSuccess(t('success'));
    void queryClient.invalidateQueries({ queryKey: sentKey });
  }, [finished, job, queryClient, t]);
  return <JobProgress jobId={jobId} unit={t('unit')} failedText={t('notSent')} />;
}

function PreviewPanel({ preview }: { preview: Preview }) {
  const { t } = useTranslation('emails');
  return (
    <Paper withBorder p="sm" data-testid="email-preview">
      <Text fw={600} data-testid="email-count">
        {t('count', { count: preview.recipients, recipients: formatNumber(preview.recipients) })}
        {preview.attachments ? ` ${t('withAttachments', { count: preview.attachments })}` : ''}
      </Text>
      {preview.duplicates ? (
        <Text size="sm" c="dimmed">
          {t('duplicates', { count: preview.duplicates })}
        </Text>
      ) : null}
      {preview.skipped ? (
        <Alert color="orange" variant="light" my="xs" title={t('skipped', { count: preview.skipped })}>
          <ScrollArea.Autosize mah={200} type="auto">
            <List size="sm" data-testid="email-skipped">
              {preview.skipped_list.map((p) => (
                <List.Item key={`${p.name}-${p.reason}`}>
                  {p.name}: {p.reason}
                </List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
          {preview.skipped > preview.skipped_list.length ? (
            <Text size="sm">{t('andMore', { count: preview.skipped - preview.skipped_list.length })}</Text>
          ) : null}
        </Alert>
      ) : null}
      <Stack gap={6} mt="xs">
        {preview.preview.map((p) => (
          <Paper key={p.email} bg="var(--mantine-color-gray-0)" p="xs">
            <Text size="sm" fw={500}>
              {p.name} · {p.email}
            </Text>
            <Text size="sm" fw={600}>
              {p.subject}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {p.text}
            </Text>
          </Paper>
        ))}
      </Stack>
    </Paper>
  );
}

/** Which server sends, and the school's own SMTP settings in a dialog (the password is never shown). */
function MailServer() {
  const { t } = useTranslation('emails');
  const queryClient = useQueryClient();
  // Only an administrator changes the school's mail server; who sends sees which one sends.
  const mayChange = can(useUser(), saveEmailSettings.access);
  const { data } = useQuery({
    queryKey: settingsKey,
    queryFn: () => fetchData(getEmailSettings, {}).then((r) => r.data),
  });
  const [open, setOpen] = useState(false);
  const { form, field, values, setValue, submit } = useContractForm(
    saveEmailSettings.input,
    {
      host: '',
      port: '' as number | string,
      secure: false,
      username: '',
      password: '',
      from_address: '',
    },
    (v) => ({ ...v, port: v.port === '' ? undefined : Number(v.port) }),
  );
  const [saving, setSaving] = useState(false);
  const send = submit(
    (input) => api(saveEmailSettings, input),
    (saved) => {
      queryClient.setQueryData(settingsKey, saved);
      setOpen(false);
    },
  );
  if (!data) return null;
  const edit = () => {
    form.setValues({
      host: data.host ?? '',
      port: data.port ?? '',
      secure: data.secure,
      username: data.username ?? '',
      password: '',
      from_address: data.from_address ?? '',
    });
    form.clearErrors();
    setOpen(true);
  };
  const save = async (e: FormEvent) => {
    setSaving(true);
    await send(e);
    setSaving(false);
  };
  return (
    <>
      <Alert
        color={data.using === 'none' ? 'red' : 'blue'}
        variant="light"
        mb="md"
        data-testid="mail-server"
        title={t(`using.${data.using}`, { host: data.host ?? '' })}
      >
        <Group justify="space-between">
          <Text size="sm">{t(`usingHint.${data.using}`)}</Text>
          {mayChange ? (
            <Button size="compact-sm" variant="light" onClick={edit}>
              {t('server.edit')}
            </Button>
          ) : null}
        </Group>
      </Alert>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('server.title')}>
        <form onSubmit={(e) => void save(e)} noValidate>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('server.hint')}
            </Text>
            <TextInput label={t('server.host')} placeholder="smtp.gmail.com" {...field('host')} />
            <SimpleGrid cols={2}>
              <NumberInput label={t('server.port')} placeholder="587" {...field('port')} allowDecimal={false} />
              <Switch
                mt="xl"
                label={t('server.secure')}
                checked={values.secure}
                onChange={(e) => setValue('secure', e.currentTarget.checked)}
              />
            </SimpleGrid>
            <TextInput label={t('server.username')} {...field('username')} />
            <PasswordInput
              label={t('server.password')}
              description={data.has_password ? t('server.passwordKept') : undefined}
              {...field('password')}
            />
            <TextInput label={t('server.from')} {...field('from_address')} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                {t('server.cancel')}
              </Button>
              <Button type="submit" loading={saving}>
                {t('server.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

/** Every e-mail sent, newest first: to whom, subject, status (with the server's reason), who sent it. */
function SentList() {
  const { t } = useTranslation('emails');
  const search = useSearch();
  const [status, setStatus] = useState<EmailStatus | null>(null);
  const { list, paging } = usePagedList(
    sentKey,
    sentEmails,
    { status: status ?? undefined, search: search.term },
    { perPage: 25 },
  );
  const totals = list.data?.totals;
  const columns: Column<EmailRow>[] = [
    { key: 'created_at', label: t('fields.when'), render: (r) => formatDateTime(r.sent_at ?? r.created_at) },
    {
      key: 'name',
      label: t('fields.to'),
      render: (r) => (
        <>
          <Text size="sm">{r.name}</Text>
          {r.name !== r.email ? (
            <Text size="xs" c="dimmed">
              {r.email}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      key: 'subject',
      label: t('fields.subject'),
      render: (r) => (
        <>
          <Text size="sm" fw={500}>
            {r.subject}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {r.text}
          </Text>
          {r.attachments.length ? (
            <Text size="xs" c="dimmed">
              📎 {r.attachments.join(', ')}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      key: 'status',
      label: t('fields.status'),
      render: (r) => (
        <>
          <Text size="sm" fw={600} c={statusColour[r.status]}>
            {t(`statuses.${r.status}`)}
          </Text>
          {r.error ? (
            <Text size="xs" c="red">
              {r.error}
            </Text>
          ) : null}
        </>
      ),
    },
    { key: 'sent_by', label: t('fields.sentBy') },
  ];
  return (
    <>
      <Title order={4} mt="xl" mb="xs">
        {t('sent')}
      </Title>
      <Group align="end" mb="sm">
        <Select
          w={180}
          label={t('fields.status')}
          clearable
          placeholder={t('allStatuses')}
          data={emailStatuses.map((value) => ({ value, label: t(`statuses.${value}`) }))}
          value={status}
          onChange={(v) => setStatus(v as EmailStatus | null)}
        />
        <SearchField search={search} label={t('fields.search')} />
      </Group>
      {totals ? (
        <Text mb="sm" fw={600} data-testid="email-counts">
          {t('counts', {
            total: formatNumber(totals.count),
            sent: formatNumber(totals.sent),
            failed: formatNumber(totals.failed),
            queued: formatNumber(totals.queued),
          })}
        </Text>
      ) : null}
      <DataTable
        columns={columns}
        rows={list.data?.data}
        query={list}
        empty={t('none')}
        paging={paging}
        rowProps={(r) => ({ 'data-email': r.email })}
        minWidth={900}
      />
    </>
  );
}
