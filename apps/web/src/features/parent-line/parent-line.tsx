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
import { api, fetchData } from '../../lib/api';
import { useContractForm } from '../../lib/contract-form';
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
  const { form, field, values, setValue, submit } = useContractForm(saveParentLine.input, {
    enabled: false,
    answers: [] as ParentLineAnswer[],
    results_year: null as number | null,
    results_term: null as number | null,
  });
  const [busy, setBusy] = useState(false);

  // The saved settings, whenever they are loaded or saved.
  const { setValues } = form;
  useEffect(() => {
    if (data)
      setValues({
        enabled: data.enabled,
        answers: data.answers,
        results_year: data.results_year,
        results_term: data.results_term,
      });
  }, [data, setValues]);

  if (query.isPending) return <CenteredLoader />;
  if (!data) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;

  const send = submit(
    (input) => api(saveParentLine, input, { texts: { success: t('saved') } }),
    (saved) => queryClient.setQueryData(key, saved),
  );
  const save = async (e: FormEvent) => {
    setBusy(true);
    await send(e);
    setBusy(false);
  };
  const released = values.results_year && values.results_term ? `${values.results_year}-${values.results_term}` : '';
  const release = (value: string | null) => {
    const [year, term] = value ? value.split('-').map(Number) : [null, null];
    setValue('results_year', year);
    setValue('results_term', term);
  };
  const answers = field('answers');

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
        <form onSubmit={(e) => void save(e)} noValidate>
          <Stack gap="sm">
            <Switch
              label={t('enabled')}
              checked={values.enabled}
              onChange={(e) => setValue('enabled', e.currentTarget.checked)}
              error={form.errors.enabled}
            />
            <Checkbox.Group
              label={t('answersLabel')}
              description={t('answersHelp')}
              {...answers}
              onChange={(v) => answers.onChange(parentLineAnswers.filter((a) => v.includes(a)))}
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
              onChange={release}
              onBlur={() => form.validateField('results_term')}
              error={form.errors.results_term ?? form.errors.results_year}
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
