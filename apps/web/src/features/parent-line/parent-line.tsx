import { Alert, Button, Checkbox, Group, Paper, Select, Stack, Switch, Text, Title } from '@mantine/core';
import {
  type ParentLineAnswer,
  type ParentLineSession,
  parentLineAnswers,
  parentLineSettingsCall,
  saveParentLine,
} from '@somero/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../components/bar-chart';
import { CenteredLoader } from '../../components/centered-loader';
import { type Column, DataTable } from '../../components/data-table';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-title';
import { api, fetchData, fieldErrors } from '../../lib/api';
import { formatDate, formatDateTime, formatNumber } from '../../lib/format';

const key = ['parent_line'];

/** The terms a school may release results for: this one and the two before it. */
function recentTerms(now: { year: number; term: number }) {
  const list: { year: number; term: number }[] = [];
  let { year, term } = now;
  for (let i = 0; i < 3; i++) {
    list.push({ year, term });
    if (term === 1) {
      year -= 1;
      term = 3;
    } else term -= 1;
  }
  return list;
}

/**
 * /notification/parents: the parents' line. The school turns it on, chooses what parents may ask for by
 * USSD and text message, releases a term's results to them, and sees the sessions of the last two weeks.
 */
export default function ParentLineScreen() {
  const { t } = useTranslation('parent-line');
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: key, queryFn: () => fetchData(parentLineSettingsCall, {}).then((r) => r.data) });
  const data = query.data;
  const [enabled, setEnabled] = useState(false);
  const [answers, setAnswers] = useState<ParentLineAnswer[]>([]);
  const [released, setReleased] = useState<string>('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!data) return;
    setEnabled(data.enabled);
    setAnswers(data.answers);
    setReleased(data.results_year && data.results_term ? `${data.results_year}-${data.results_term}` : '');
  }, [data]);

  if (query.isPending) return <CenteredLoader />;
  if (!data) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const [year, term] = released ? released.split('-').map(Number) : [null, null];
    const res = await api(
      saveParentLine,
      { enabled, answers, results_year: year, results_term: term },
      { texts: { success: t('saved') } },
    );
    setBusy(false);
    if (!res.ok) return setErrors(fieldErrors(res.errors));
    setErrors({});
    queryClient.setQueryData(key, res.data);
  };

  const total = data.days.reduce((n, d) => n + d.ussd + d.sms, 0);
  const columns: Column<ParentLineSession>[] = [
    { key: 'at', label: t('fields.at'), render: (r) => formatDateTime(r.at) },
    { key: 'channel', label: t('fields.channel'), render: (r) => t(`channels.${r.channel}`) },
    {
      key: 'phone',
      label: t('fields.phone'),
      render: (r) => (
        <Text span inherit style={{ whiteSpace: 'nowrap' }}>
          {r.phone}
        </Text>
      ),
    },
    { key: 'student', label: t('fields.student'), render: (r) => r.student ?? '' },
    {
      key: 'asked',
      label: t('fields.asked'),
      render: (r) =>
        `${t(`asked.${r.asked}`, { defaultValue: r.asked })}${r.unanswered ? ` (${t('unansweredShort')})` : ''}`,
    },
  ];

  return (
    <div data-screen-status="built">
      <PageHeader />
      <Text mb="md" maw={720}>
        {t('intro')}
      </Text>
      {data.unanswered > 0 ? (
        <Alert color="orange" mb="md" maw={720} data-testid="unanswered">
          {t('unanswered', { count: data.unanswered, n: formatNumber(data.unanswered) })}
        </Alert>
      ) : null}
      <Paper withBorder p="md" mb="lg" maw={720}>
        <form onSubmit={save} noValidate>
          <Stack gap="sm">
            <Switch
              label={t('enabled')}
              checked={enabled}
              onChange={(e) => setEnabled(e.currentTarget.checked)}
              error={errors.enabled}
            />
            <Checkbox.Group
              label={t('answersLabel')}
              description={t('answersHelp')}
              value={answers}
              onChange={(v) => setAnswers(parentLineAnswers.filter((a) => v.includes(a)))}
              error={errors.answers}
            >
              <Group mt="xs">
                {parentLineAnswers.map((a) => (
                  <Checkbox key={a} value={a} label={t(`asked.${a}`)} />
                ))}
              </Group>
            </Checkbox.Group>
            <Select
              label={t('releasedLabel')}
              description={t('releasedHelp')}
              allowDeselect={false}
              maw={320}
              data={[
                { value: '', label: t('notReleased') },
                ...recentTerms(data.current_term).map((r) => ({
                  value: `${r.year}-${r.term}`,
                  label: t('termLabel', { term: r.term, year: r.year }),
                })),
              ]}
              value={released}
              onChange={(v) => setReleased(v ?? '')}
              error={errors.results_term ?? errors.results_year}
            />
            {data.ussd_code || data.sms_number ? (
              <Text size="sm" c="dimmed" data-testid="how-to-ask">
                {[
                  data.ussd_code ? t('dial', { code: data.ussd_code }) : null,
                  data.sms_number ? t('text', { number: data.sms_number }) : null,
                ]
                  .filter(Boolean)
                  .join(' ')}
              </Text>
            ) : null}
            <Button type="submit" w="fit-content" loading={busy}>
              {t('save')}
            </Button>
          </Stack>
        </form>
      </Paper>
      {/* One above the other: the sessions' five columns need the page's width. */}
      <Stack mb="lg">
        <Paper withBorder p="md">
          <Title order={4} mb="xs">
            {t('perDay')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm" data-testid="sessions-total">
            {t('total', { count: total, n: formatNumber(total) })}
          </Text>
          <BarChart
            label={t('perDay')}
            labelWidth={64}
            bars={data.days.map((d) => ({ label: formatDate(d.day).replace(/ \d{4}$/, ''), value: d.ussd + d.sms }))}
          />
        </Paper>
        <Paper withBorder p="md">
          <Title order={4} mb="sm">
            {t('recent')}
          </Title>
          <DataTable columns={columns} rows={data.recent} query={query} empty={t('none')} />
        </Paper>
      </Stack>
    </div>
  );
}
