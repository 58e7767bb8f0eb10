import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Menu,
  Modal,
  NumberInput,
  Paper,
  PasswordInput,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  approveSchool,
  confirmSmsRequest,
  declineSmsRequest,
  grantSmsCredit,
  type HostedSchool,
  operatorActivity,
  operatorLogin,
  operatorLogout,
  operatorSchools,
  reinstateSchool,
  type SmsCreditRequest,
  smsCreditRequests,
  suspendSchool,
} from '@somero/contract';
import { QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/data-table';
import { MoneyInput } from '../../components/money-input';
import { ReasonField } from '../../components/reason-field';
import { api, fetchData } from '../../lib/api';
import { useContractForm } from '../../lib/contract-form';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../lib/format';
import { signInOperator, signOutOperator, useOperatorSession } from '../../lib/operator-session';
import { queryClient } from '../../lib/query-client';

const keys = {
  schools: ['operator', 'schools'],
  requests: ['operator', 'sms_requests'],
  activity: ['operator', 'activity'],
};

/** /operator: the service's console. Its own sign-in (never a school's), then the schools, SMS requests and activity. */
export default function OperatorConsole() {
  const session = useOperatorSession();
  // Outside the school's layout: the console brings its own query client.
  return (
    <QueryClientProvider client={queryClient}>
      <Container size="xl" py="lg" data-screen-status="built">
        {session ? <Console name={session.operator.name} /> : <SignIn />}
      </Container>
    </QueryClientProvider>
  );
}

function SignIn() {
  const { t } = useTranslation('operator');
  const { field, submit } = useContractForm(operatorLogin.input, { email: '', password: '' });
  const [busy, setBusy] = useState(false);
  const send = submit(
    (input) => api(operatorLogin, input),
    (data) => signInOperator({ token: data.token, operator: data.operator }),
  );
  const onSubmit = async (e: FormEvent) => {
    setBusy(true);
    await send(e);
    setBusy(false);
  };
  return (
    <Paper withBorder p="lg" maw={420} mx="auto" mt="xl">
      <Title order={2} mb="xs">
        {t('title')}
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        {t('signInHint')}
      </Text>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="sm">
          <TextInput label={t('email')} type="email" autoComplete="username" required {...field('email')} />
          <PasswordInput label={t('password')} autoComplete="current-password" required {...field('password')} />
          <Button type="submit" loading={busy}>
            {t('signIn')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

function Console({ name }: { name: string }) {
  const { t } = useTranslation('operator');
  const schools = useQuery({
    queryKey: keys.schools,
    queryFn: () => fetchData(operatorSchools, {}).then((r) => r.data),
  });
  const requests = useQuery({
    queryKey: keys.requests,
    queryFn: () => fetchData(smsCreditRequests, {}).then((r) => r.data),
  });
  const pending = schools.data?.filter((s) => s.status === 'pending').length ?? 0;
  const waiting = requests.data?.length ?? 0;
  const signOut = async () => {
    await api(operatorLogout, {}, { silentSuccess: true });
    signOutOperator();
    queryClient.removeQueries({ queryKey: ['operator'] });
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={2}>{t('title')}</Title>
          <Text c="dimmed" size="sm">
            {t('signedInAs', { name })}
          </Text>
        </div>
        <Button variant="default" onClick={() => void signOut()}>
          {t('signOut')}
        </Button>
      </Group>
      {pending > 0 ? <Alert color="yellow">{t('pendingSchools', { count: pending })}</Alert> : null}
      <Tabs defaultValue="schools" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="schools">{t('tabs.schools')}</Tabs.Tab>
          <Tabs.Tab value="requests" rightSection={waiting ? <Badge size="sm">{waiting}</Badge> : null}>
            {t('tabs.requests')}
          </Tabs.Tab>
          <Tabs.Tab value="activity">{t('tabs.activity')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="schools" pt="md">
          <SchoolsTable query={schools} />
        </Tabs.Panel>
        <Tabs.Panel value="requests" pt="md">
          <RequestsTable query={requests} />
        </Tabs.Panel>
        <Tabs.Panel value="activity" pt="md">
          <Activity />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

const statusColor = { active: 'green', pending: 'yellow', suspended: 'red' } as const;
const megabytes = (bytes: number) => `${formatNumber(Math.round((bytes / 1_048_576) * 10) / 10)} MB`;

function SchoolsTable({ query }: { query: ReturnType<typeof useQuery<HostedSchool[]>> }) {
  const { t } = useTranslation('operator');
  const queryClient = useQueryClient();
  const [suspending, setSuspending] = useState<HostedSchool | null>(null);
  const [granting, setGranting] = useState<HostedSchool | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['operator'] });
  };
  const act = async (call: typeof approveSchool | typeof reinstateSchool, school: HostedSchool) => {
    const result = await api(call, {}, { id: school.id });
    if (result.ok) refresh();
  };
  const columns: Column<HostedSchool>[] = [
    {
      key: 'name',
      label: t('fields.school'),
      render: (s) => (
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {s.name}
          </Text>
          <Group gap={4}>
            <Badge size="sm" variant="light" color={statusColor[s.status]}>
              {t(`status.${s.status}`)}
            </Badge>
            {s.demo ? (
              <Badge size="sm" variant="outline" color="gray">
                {t('demo')}
              </Badge>
            ) : null}
          </Group>
          {s.status_reason ? (
            <Text size="xs" c="dimmed">
              {s.status_reason}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: 'registered_on', label: t('fields.registered'), render: (s) => formatDate(s.registered_on) },
    { key: 'students', label: t('fields.students'), numeric: true, render: (s) => formatNumber(s.students) },
    { key: 'users', label: t('fields.users'), numeric: true, render: (s) => formatNumber(s.users) },
    {
      key: 'last_sign_in',
      label: t('fields.lastSignIn'),
      render: (s) => (s.last_sign_in ? formatDateTime(s.last_sign_in) : t('never')),
    },
    { key: 'stored_bytes', label: t('fields.files'), numeric: true, render: (s) => megabytes(s.stored_bytes) },
    { key: 'sms_credit', label: t('fields.smsCredit'), numeric: true, render: (s) => formatNumber(s.sms_credit) },
    {
      key: 'sms_used_this_month',
      label: t('fields.smsUsed'),
      numeric: true,
      render: (s) => formatNumber(s.sms_used_this_month),
    },
    {
      key: 'last_backup',
      label: t('fields.lastBackup'),
      render: (s) => (s.last_backup ? formatDateTime(s.last_backup) : t('none')),
    },
  ];
  return (
    <>
      <DataTable
        columns={columns}
        rows={query.data}
        query={query}
        empty={t('noSchools')}
        minWidth={1000}
        rowProps={(s) => ({ 'data-school': s.name })}
        actions={(s) => (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button size="xs" variant="default" aria-label={t('actionsFor', { name: s.name })}>
                {t('actions')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {s.status === 'pending' ? (
                <Menu.Item onClick={() => void act(approveSchool, s)}>{t('approve')}</Menu.Item>
              ) : null}
              {s.status === 'suspended' ? (
                <Menu.Item onClick={() => void act(reinstateSchool, s)}>{t('reinstate')}</Menu.Item>
              ) : (
                <Menu.Item color="red" onClick={() => setSuspending(s)}>
                  {t('suspend')}
                </Menu.Item>
              )}
              <Menu.Item onClick={() => setGranting(s)}>{t('grant')}</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      />
      {suspending ? (
        <SuspendDialog
          school={suspending}
          onClose={() => setSuspending(null)}
          onDone={() => {
            setSuspending(null);
            refresh();
          }}
        />
      ) : null}
      {granting ? (
        <GrantDialog
          school={granting}
          onClose={() => setGranting(null)}
          onDone={() => {
            setGranting(null);
            refresh();
          }}
        />
      ) : null}
    </>
  );
}

function SuspendDialog({ school, onClose, onDone }: { school: HostedSchool; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('operator');
  const { field, submit } = useContractForm(suspendSchool.input, { reason: '' });
  const send = submit((input) => api(suspendSchool, input, { id: school.id }), onDone);
  return (
    <Modal opened onClose={onClose} title={t('suspendTitle', { name: school.name })} centered>
      <form onSubmit={(e) => void send(e)} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('suspendHint')}</Text>
          <ReasonField label={t('fields.reason')} description={t('reasonHint')} autoFocus {...field('reason')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" color="red">
              {t('suspend')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function GrantDialog({ school, onClose, onDone }: { school: HostedSchool; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('operator');
  const { field, submit } = useContractForm(
    grantSmsCredit.input,
    { credits: '' as number | string, price: 0 as number | null, reference: '' },
    (v) => ({ credits: typeof v.credits === 'number' ? v.credits : 0, price: v.price ?? 0, reference: v.reference }),
  );
  const send = submit((input) => api(grantSmsCredit, input, { id: school.id }), onDone);
  return (
    <Modal opened onClose={onClose} title={t('grantTitle', { name: school.name })} centered>
      <form onSubmit={(e) => void send(e)} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('grantHint', { credit: formatNumber(school.sms_credit) })}</Text>
          <NumberInput
            label={t('fields.credits')}
            required
            thousandSeparator=","
            allowDecimal={false}
            allowNegative={false}
            hideControls
            data-autofocus
            {...field('credits')}
          />
          <MoneyInput label={t('fields.price')} {...field('price')} />
          <TextInput label={t('fields.reference')} required maxLength={100} {...field('reference')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit">{t('grant')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function RequestsTable({ query }: { query: ReturnType<typeof useQuery<SmsCreditRequest[]>> }) {
  const { t } = useTranslation('operator');
  const queryClient = useQueryClient();
  const [declining, setDeclining] = useState<SmsCreditRequest | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['operator'] });
  const confirm = async (r: SmsCreditRequest) => {
    const result = await api(confirmSmsRequest, { school_id: r.school_id }, { id: r.id });
    if (result.ok) refresh();
  };
  const columns: Column<SmsCreditRequest>[] = [
    { key: 'requested_on', label: t('fields.paidOn'), render: (r) => formatDate(r.requested_on) },
    { key: 'school', label: t('fields.school') },
    { key: 'name', label: t('fields.package') },
    { key: 'credits', label: t('fields.credits'), numeric: true, render: (r) => formatNumber(r.credits) },
    { key: 'price', label: t('fields.price'), numeric: true, render: (r) => formatMoney(r.price) },
    { key: 'mode', label: t('fields.mode'), render: (r) => r.mode ?? '' },
    { key: 'reference', label: t('fields.reference'), render: (r) => r.reference ?? '' },
    { key: 'requested_by', label: t('fields.requestedBy') },
  ];
  return (
    <>
      <Text size="sm" c="dimmed" mb="sm">
        {t('requestsHint')}
      </Text>
      <DataTable
        columns={columns}
        rows={query.data}
        query={query}
        empty={t('noRequests')}
        minWidth={900}
        rowProps={(r) => ({ 'data-request': `${r.school} ${r.name}` })}
        actions={(r) => (
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" onClick={() => void confirm(r)}>
              {t('confirm')}
            </Button>
            <Button size="xs" variant="default" color="red" onClick={() => setDeclining(r)}>
              {t('decline')}
            </Button>
          </Group>
        )}
      />
      {declining ? (
        <DeclineDialog
          request={declining}
          onClose={() => setDeclining(null)}
          onDone={() => {
            setDeclining(null);
            refresh();
          }}
        />
      ) : null}
    </>
  );
}

function DeclineDialog({
  request,
  onClose,
  onDone,
}: {
  request: SmsCreditRequest;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('operator');
  const { field, submit } = useContractForm(declineSmsRequest.input, { school_id: request.school_id, reason: '' });
  const send = submit((input) => api(declineSmsRequest, input, { id: request.id }), onDone);
  return (
    <Modal opened onClose={onClose} title={t('declineTitle', { school: request.school })} centered>
      <form onSubmit={(e) => void send(e)} noValidate>
        <Stack gap="sm">
          <ReasonField label={t('fields.reason')} description={t('declineHint')} autoFocus {...field('reason')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" color="red">
              {t('decline')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

type ActivityRow = Awaited<ReturnType<typeof fetchData<typeof operatorActivity>>>['data'][number];

function Activity() {
  const { t } = useTranslation('operator');
  const query = useQuery({
    queryKey: keys.activity,
    queryFn: () => fetchData(operatorActivity, {}).then((r) => r.data),
  });
  const columns: Column<ActivityRow>[] = [
    { key: 'at', label: t('fields.when'), render: (a) => formatDateTime(a.at) },
    { key: 'operator', label: t('fields.operator') },
    { key: 'school', label: t('fields.school'), render: (a) => a.school ?? '' },
    { key: 'summary', label: t('fields.what') },
  ];
  return <DataTable columns={columns} rows={query.data} query={query} empty={t('noActivity')} minWidth={700} />;
}
