import { Button, Checkbox, Group, Modal, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { requirementArrearsList, resourceByPath, studentRequirements } from '@somero/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-title';
import { usePagedList } from '../../components/paged-list';
import { ResourceList } from '../../components/resource/resource-list';
import { fetchData } from '../../lib/api';
import { formatMoney, formatNumber } from '../../lib/format';
import { requirementKeys } from './keys';
import { type TermChoice, TermFields } from './term-fields';

const opening = resourceByPath('prev_requirements');

/**
 * /requirement/arrears: who owes requirements from earlier terms in a term, per item (carried in,
 * cleared, still owed); a student's whole statement; and the arrears from before Somero.
 */
export default function ArrearsScreen() {
  const { t } = useTranslation('requirements');
  const [choice, setChoice] = useState<TermChoice>({ year: null, term: null, class_id: null });
  const [search, setSearch] = useState('');
  const [current, setCurrent] = useState(false);
  const [student, setStudent] = useState<number | null>(null);
  const onChange = useCallback((next: TermChoice) => setChoice(next), []);
  const body = {
    year: choice.year ?? undefined,
    term: choice.term ?? undefined,
    class_id: choice.class_id ?? undefined,
    search: search.trim() || undefined,
    include_current: current,
  };
  // Paged by the server (a school's term is thousands of lines); the totals are over every page.
  const { list, paging } = usePagedList(requirementKeys.arrears, requirementArrearsList, body, {
    perPage: 100,
    enabled: Boolean(choice.year && choice.term),
  });
  const lines = list.data?.data ?? [];
  const totals = list.data?.totals;
  return (
    <div data-screen-status="built">
      <PageHeader />
      <Paper withBorder p="md" mb="md">
        <Group align="flex-end" wrap="wrap">
          <TermFields value={choice} onChange={onChange} />
          <TextInput
            label={t('fields.search')}
            w={200}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          <Checkbox
            label={t('arrears.includeCurrent')}
            checked={current}
            onChange={(e) => setCurrent(e.currentTarget.checked)}
            mb={8}
          />
        </Group>
      </Paper>
      {totals && totals.students > 0 ? (
        <Text size="sm" mb="xs" data-testid="arrears-totals">
          {t('arrears.totals', {
            count: totals.students,
            students: formatNumber(totals.students),
            owed: formatNumber(totals.owed),
            money: formatMoney(totals.money_owed),
          })}
        </Text>
      ) : null}
      <DataTable
        rows={lines}
        rowKey={(l) => `${l.student_id}:${l.item}`}
        rowProps={(l) => ({ 'data-line': `${l.name}:${l.item}` })}
        query={list}
        paging={paging}
        empty={t('arrears.none')}
        columns={[
          {
            key: 'name',
            label: t('fields.student'),
            render: (l) => (
              <Button variant="subtle" size="compact-sm" onClick={() => setStudent(l.student_id)}>
                {l.name}
              </Button>
            ),
          },
          { key: 'admission_no', label: t('fields.admissionNo') },
          { key: 'class_name', label: t('fields.class') },
          { key: 'item', label: t('fields.item') },
          { key: 'carried', label: t('arrears.carried'), numeric: true, render: (l) => formatNumber(l.carried) },
          { key: 'cleared', label: t('arrears.cleared'), numeric: true, render: (l) => formatNumber(l.cleared) },
          { key: 'owed', label: t('arrears.owed'), numeric: true, render: (l) => formatNumber(l.owed) },
          {
            key: 'money_value',
            label: t('arrears.moneyOwed'),
            numeric: true,
            render: (l) => (l.money_value ? formatMoney(l.owed * l.money_value) : '—'),
          },
        ]}
      />
      <Title order={3} size="h4" mt="xl" mb="xs">
        {t('arrears.opening')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('arrears.openingHelp')}
      </Text>
      {opening ? <ResourceList resource={opening} /> : null}
      <StudentStatement studentId={student} onClose={() => setStudent(null)} />
    </div>
  );
}

/** One student's requirements term by term (get_student_requirement). */
function StudentStatement({ studentId, onClose }: { studentId: number | null; onClose: () => void }) {
  const { t } = useTranslation('requirements');
  const statement = useQuery({
    queryKey: requirementKeys.student(studentId),
    queryFn: () => fetchData(studentRequirements, { student_id: studentId as number }).then((r) => r.data),
    enabled: studentId !== null,
  });
  const data = statement.data;
  return (
    <Modal
      opened={studentId !== null}
      onClose={onClose}
      size="xl"
      title={data ? `${data.student.name} · ${data.student.admission_no}` : ''}
    >
      {data ? (
        <Stack data-testid="student-statement">
          <Text fw={600}>
            {data.owed.length
              ? t('statement.owes', {
                  items: data.owed.map((o) => `${o.item} × ${formatNumber(o.quantity)}`).join(', '),
                })
              : t('statement.clear')}
          </Text>
          {data.terms
            .filter((term) => term.lines.length > 0)
            .map((term) => (
              <div key={`${term.year}-${term.term}`}>
                <Text fw={600} size="sm">
                  {t('statement.term', { term: term.term, year: term.year, cls: term.class_name })}
                </Text>
                <Table.ScrollContainer minWidth={400}>
                  <Table withTableBorder verticalSpacing={2}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('fields.item')}</Table.Th>
                        <Table.Th ta="right">{t('arrears.carried')}</Table.Th>
                        <Table.Th ta="right">{t('report.required')}</Table.Th>
                        <Table.Th ta="right">{t('report.brought')}</Table.Th>
                        <Table.Th ta="right">{t('report.paid')}</Table.Th>
                        <Table.Th ta="right">{t('arrears.owed')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {term.lines.map((l) => (
                        <Table.Tr key={l.item}>
                          <Table.Td>{l.item}</Table.Td>
                          <Table.Td ta="right">{formatNumber(l.carried)}</Table.Td>
                          <Table.Td ta="right">{formatNumber(l.required)}</Table.Td>
                          <Table.Td ta="right">{formatNumber(l.brought)}</Table.Td>
                          <Table.Td ta="right">{l.paid ? formatMoney(l.paid) : '—'}</Table.Td>
                          <Table.Td ta="right">{formatNumber(l.owed)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </div>
            ))}
        </Stack>
      ) : statement.isError ? (
        <LoadError error={statement.error} onRetry={() => void statement.refetch()} />
      ) : null}
    </Modal>
  );
}
