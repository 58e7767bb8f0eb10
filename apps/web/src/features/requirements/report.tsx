import { Button, Group, Paper, TextInput, Title } from '@mantine/core';
import { requirementsReport } from '@somero/contract';
import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-title';
import { usePagedList } from '../../components/paged-list';
import { ApiError, fieldErrors } from '../../lib/api';
import { useCurrentSettings } from '../../lib/current-settings';
import { formatMoney, formatNumber } from '../../lib/format';
import { ExportButton, ReportLoadState } from '../fees-reports';
import { requirementKeys } from './keys';
import { type TermChoice, TermFields } from './term-fields';

/** /requirements/report: a term's requirements by student and item, with the totals per item; requirements.xlsx. */
export default function RequirementsReportScreen() {
  const now = useCurrentSettings().data;
  // The report opens on the current term, so it waits for it.
  return now ? (
    <ReportScreen year={now.year} term={now.term} />
  ) : (
    <div data-screen-status="built">
      <PageHeader />
    </div>
  );
}

function ReportScreen({ year, term }: { year: number; term: number }) {
  const { t } = useTranslation('requirements');
  const [choice, setChoice] = useState<TermChoice>({ year, term, class_id: null });
  const [item, setItem] = useState('');
  const onChange = useCallback((next: TermChoice) => setChoice(next), []);
  const current = {
    year: choice.year ?? 0,
    term: choice.term ?? 0,
    class_id: choice.class_id ?? undefined,
    item: item.trim() || undefined,
  };
  const [asked, setAsked] = useState(current);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAsked(current);
  };
  // A school's term is thousands of lines: the server pages them; the totals per item are over all.
  const { list: report, paging } = usePagedList(requirementKeys.report, requirementsReport, asked, {
    perPage: 100,
  });
  const errors = report.error instanceof ApiError ? fieldErrors(report.error.result.errors) : {};
  const data = report.data?.totals;
  const lines = report.data?.data ?? [];
  return (
    <div data-screen-status="built">
      <PageHeader actions={<ExportButton call={requirementsReport} body={asked} defaultName="requirements.xlsx" />} />
      <Paper withBorder p="md" mb="md">
        <form onSubmit={submit} noValidate>
          <Group align="flex-end" wrap="wrap">
            <TermFields value={choice} onChange={onChange} errors={errors} />
            <TextInput label={t('fields.item')} w={180} value={item} onChange={(e) => setItem(e.currentTarget.value)} />
            <Button type="submit">{t('report.show')}</Button>
          </Group>
        </form>
      </Paper>
      <ReportLoadState report={report} />
      {data ? (
        <>
          <Title order={3} size="h4" mb="xs">
            {t('report.byItem')}
          </Title>
          <DataTable
            rows={data.items}
            rowKey={(i) => i.item}
            rowProps={(i) => ({ 'data-item': i.item })}
            empty={t('report.none')}
            columns={[
              { key: 'item', label: t('fields.item') },
              { key: 'students', label: t('report.students'), numeric: true, render: (i) => formatNumber(i.students) },
              { key: 'carried', label: t('arrears.carried'), numeric: true, render: (i) => formatNumber(i.carried) },
              { key: 'required', label: t('report.required'), numeric: true, render: (i) => formatNumber(i.required) },
              { key: 'brought', label: t('report.brought'), numeric: true, render: (i) => formatNumber(i.brought) },
              { key: 'paid', label: t('report.paid'), numeric: true, render: (i) => formatMoney(i.paid) },
              { key: 'owed', label: t('arrears.owed'), numeric: true, render: (i) => formatNumber(i.owed) },
            ]}
          />
          <Title order={3} size="h4" mt="lg" mb="xs">
            {t('report.byStudent')}
          </Title>
          <DataTable
            rows={lines}
            rowKey={(l) => `${l.student_id}:${l.item}`}
            paging={paging}
            empty={t('report.none')}
            columns={[
              { key: 'name', label: t('fields.student') },
              { key: 'admission_no', label: t('fields.admissionNo') },
              { key: 'class_name', label: t('fields.class') },
              { key: 'item', label: t('fields.item') },
              { key: 'carried', label: t('arrears.carried'), numeric: true, render: (l) => formatNumber(l.carried) },
              { key: 'required', label: t('report.required'), numeric: true, render: (l) => formatNumber(l.required) },
              { key: 'brought', label: t('report.brought'), numeric: true, render: (l) => formatNumber(l.brought) },
              {
                key: 'paid',
                label: t('report.paid'),
                numeric: true,
                render: (l) => (l.paid ? formatMoney(l.paid) : '—'),
              },
              { key: 'owed', label: t('arrears.owed'), numeric: true, render: (l) => formatNumber(l.owed) },
            ]}
          />
        </>
      ) : null}
    </div>
  );
}
