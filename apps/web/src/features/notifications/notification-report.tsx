import { Button, Group, Select, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import {
  phoneDisplay,
  type SmsRecipientRow,
  type SmsSendRow,
  type SmsStatus,
  sentNotifications,
  sentSms,
  smsStatuses,
} from '@somero/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/data-table';
import { DateField } from '../../components/date-field';
import { PageHeader } from '../../components/page-title';
import { api } from '../../lib/api';
import { formatDateTime, formatNumber } from '../../lib/format';
import { notificationKeys } from './keys';

const statusColour: Record<string, string> = {
  queued: 'gray',
  sending: 'gray',
  sent: 'blue',
  delivered: 'green',
  undelivered: 'orange',
  unknown: 'yellow',
  rejected: 'red',
  failed: 'red',
};

interface Filters {
  from: string;
  to: string;
  status: string;
  search: string;
  message_id?: number;
}

/** /notification/report: every send with its counts, and every message with filters and counts by status. */
export default function NotificationReportScreen() {
  const { t } = useTranslation('notifications');
  const [draft, setDraft] = useState<Filters>({ from: '', to: '', status: '', search: '' });
  const [filters, setFilters] = useState<Filters>(draft);
  const [page, setPage] = useState(1);
  const [sendsPage, setSendsPage] = useState(1);

  const sends = useQuery({
    queryKey: notificationKeys.sentSms(sendsPage),
    queryFn: async () => {
      const res = await api(sentSms, { page: sendsPage, per_page: 10 }, { silentSuccess: true, saving: false });
      if (!res.ok) throw new Error(res.message);
      return res;
    },
  });
  const messages = useQuery({
    queryKey: notificationKeys.sent(filters, page),
    queryFn: async () => {
      const res = await api(
        sentNotifications,
        { ...filters, status: (filters.status || undefined) as SmsStatus | undefined, page, per_page: 25 },
        { silentSuccess: true, saving: false },
      );
      if (!res.ok) throw new Error(res.message);
      return res;
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setPage(1);
    setFilters(draft);
  };
  const status = (s: string) => (
    <Text size="sm" fw={600} c={statusColour[s] ?? 'gray'} style={{ whiteSpace: 'nowrap' }}>
      {t(`statuses.${s}`)}
    </Text>
  );

  const sendColumns: Column<SmsSendRow>[] = [
    { key: 'created_at', label: t('fields.when'), render: (r) => formatDateTime(r.created_at) },
    { key: 'audience', label: t('fields.audience') },
    {
      key: 'template',
      label: t('fields.message'),
      render: (r) => (
        <Text size="sm" lineClamp={2}>
          {r.template}
        </Text>
      ),
    },
    { key: 'total', label: t('fields.recipients'), numeric: true, render: (r) => formatNumber(r.total) },
    {
      key: 'sent',
      label: t('fields.outcome'),
      render: (r) =>
        [
          t('outcome', {
            sent: r.sent + r.delivered + r.undelivered,
            delivered: r.delivered,
            failed: r.failed + r.rejected,
            left: r.queued + r.sending,
          }),
          r.unknown ? t('outcomeUnknown', { unknown: r.unknown }) : null,
        ]
          .filter(Boolean)
          .join('; '),
    },
    { key: 'credits', label: t('fields.credits'), numeric: true, render: (r) => formatNumber(r.credits) },
    { key: 'sent_by', label: t('fields.sentBy') },
    {
      key: 'open',
      label: '',
      render: (r) => (
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => {
            const next = { from: '', to: '', status: '', search: '', message_id: r.id };
            setDraft(next);
            setFilters(next);
            setPage(1);
          }}
        >
          {t('showMessages')}
        </Button>
      ),
    },
  ];
  const columns: Column<SmsRecipientRow>[] = [
    { key: 'created_at', label: t('fields.when'), render: (r) => formatDateTime(r.sent_at ?? r.created_at) },
    { key: 'name', label: t('fields.recipient') },
    { key: 'phone', label: t('fields.phone'), render: (r) => phoneDisplay(r.phone) },
    {
      key: 'text',
      label: t('fields.message'),
      render: (r) => (
        <Text size="sm" lineClamp={3}>
          {r.text}
        </Text>
      ),
    },
    { key: 'parts', label: t('fields.credits'), numeric: true },
    { key: 'status', label: t('fields.status'), render: (r) => status(r.status) },
    { key: 'gateway_status', label: t('fields.gatewayStatus'), render: (r) => r.gateway_status ?? '' },
    { key: 'sent_by', label: t('fields.sentBy') },
  ];
  const totals = messages.data?.totals;

  return (
    <div data-screen-status="built">
      <PageHeader />
      <Title order={4} mb="xs">
        {t('sends')}
      </Title>
      <DataTable
        columns={sendColumns}
        rows={sends.data?.data}
        query={sends}
        empty={t('noSends')}
        paging={{ page: sendsPage, perPage: 10, total: sends.data?.total ?? 0, onChange: setSendsPage }}
        minWidth={900}
      />
      <Title order={4} mt="lg" mb="xs">
        {t('messages')}
      </Title>
      <form onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }} mb="sm">
          <DateField
            label={t('fields.from')}
            value={draft.from}
            onChange={(day) => setDraft({ ...draft, from: day })}
          />
          <DateField label={t('fields.to')} value={draft.to} onChange={(day) => setDraft({ ...draft, to: day })} />
          <Select
            label={t('fields.status')}
            clearable
            placeholder={t('allStatuses')}
            data={smsStatuses.map((value) => ({ value, label: t(`statuses.${value}`) }))}
            value={draft.status || null}
            onChange={(v) => setDraft({ ...draft, status: v ?? '' })}
          />
          <TextInput
            label={t('fields.search')}
            value={draft.search}
            onChange={(e) => setDraft({ ...draft, search: e.currentTarget.value })}
          />
          <Group align="end">
            <Button type="submit">{t('show')}</Button>
          </Group>
        </SimpleGrid>
      </form>
      {totals ? (
        <Text mb="sm" fw={600} data-testid="report-counts">
          {t('counts', {
            count: totals.count,
            total: formatNumber(totals.count),
            delivered: formatNumber(totals.delivered),
            sent: formatNumber(totals.sent),
            undelivered: formatNumber(totals.undelivered),
            failed: formatNumber(totals.failed + totals.rejected),
            unknown: formatNumber(totals.unknown),
            queued: formatNumber(totals.queued + totals.sending),
            credits: formatNumber(totals.credits),
          })}
        </Text>
      ) : null}
      <DataTable
        columns={columns}
        rows={messages.data?.data}
        query={messages}
        empty={t('noMessages')}
        paging={{ page, perPage: 25, total: messages.data?.total ?? 0, onChange: setPage }}
        minWidth={1100}
      />
    </div>
  );
}
