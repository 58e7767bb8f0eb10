import { ActionIcon, Button, Code, Group, Paper, Select, SimpleGrid, Table, Text, TextInput } from '@mantine/core';
import { type AuditRow, listAudits, listUsers } from '@somero/contract';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../components/centered-loader';
import { DateField } from '../../components/date-field';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-title';
import { usePagedList } from '../../components/paged-list';
import { Pager } from '../../components/pager';
import { can } from '../../lib/access';
import { fetchData } from '../../lib/api';
import { useUser } from '../../lib/auth';
import { formatDateTime } from '../../lib/format';
import { userKeys } from '../users';
import { auditKeys } from './keys';

const perPage = 25;

interface Filters {
  user_id: string | null;
  from: string;
  to: string;
  module: string;
  entity: string;
  search: string;
}
const noFilters: Filters = { user_id: null, from: '', to: '', module: '', entity: '', search: '' };

const asJson = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 2));

/** The audit trail, newest first: filter by user, dates, module and entity; a row opens to before/after. */
export default function AuditsScreen() {
  const { t } = useTranslation();
  const me = useUser();
  const [draft, setDraft] = useState<Filters>(noFilters);
  const [filters, setFilters] = useState<Filters>(noFilters);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());

  const users = useQuery({
    queryKey: userKeys.everyone,
    queryFn: () => fetchData(listUsers, { page: 1, per_page: 500 }).then((r) => r.data),
    enabled: can(me, 'view_users'),
  });
  const asked = {
    user_id: filters.user_id ? Number(filters.user_id) : undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    module: filters.module.trim() || undefined,
    entity: filters.entity.trim() || undefined,
    search: filters.search.trim() || undefined,
  };
  const { list, paging } = usePagedList(auditKeys.list, listAudits, asked, { perPage });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
  };
  const clear = () => {
    setDraft(noFilters);
    setFilters(noFilters);
  };
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const text = (key: 'from' | 'to' | 'module' | 'entity' | 'search') => ({
    value: draft[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setDraft({ ...draft, [key]: e.currentTarget.value }),
    label: t(`audits.filters.${key}`),
  });
  const dateOf = (key: 'from' | 'to') => ({
    value: draft[key],
    onChange: (day: string) => setDraft({ ...draft, [key]: day }),
    label: t(`audits.filters.${key}`),
  });

  return (
    <>
      <PageHeader />
      <Paper p="md" withBorder mb="md" component="form" onSubmit={apply}>
        <SimpleGrid cols={{ base: 1, sm: 3, lg: 6 }}>
          <Select
            label={t('audits.filters.user')}
            placeholder={t('audits.filters.anyone')}
            data={(users.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))}
            value={draft.user_id}
            onChange={(day) => setDraft({ ...draft, user_id: day })}
            clearable
            searchable
            disabled={!can(me, 'view_users')}
          />
          <DateField {...dateOf('from')} />
          <DateField {...dateOf('to')} />
          <TextInput {...text('module')} />
          <TextInput {...text('entity')} />
          <TextInput {...text('search')} />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={clear}>
            {t('audits.filters.clear')}
          </Button>
          <Button type="submit">{t('audits.filters.apply')}</Button>
        </Group>
      </Paper>
      <Paper p="md" withBorder>
        {list.isPending ? (
          <CenteredLoader />
        ) : list.isError ? (
          <LoadError error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <>
            <Table.ScrollContainer minWidth={760}>
              <Table highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={40} />
                    <Table.Th>{t('audits.at')}</Table.Th>
                    <Table.Th>{t('audits.user')}</Table.Th>
                    <Table.Th>{t('audits.action')}</Table.Th>
                    <Table.Th>{t('audits.module')}</Table.Th>
                    <Table.Th>{t('audits.entity')}</Table.Th>
                    <Table.Th>{t('audits.entityId')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.data.length === 0 ? (
                    <Table.Tr>
                      <Table.Td colSpan={7}>
                        <Text c="dimmed" ta="center" py="md">
                          {t('audits.none')}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ) : (
                    list.data.data.map((row) => (
                      <AuditLine key={row.id} row={row} open={open.has(row.id)} onToggle={() => toggle(row.id)} />
                    ))
                  )}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Pager {...paging} />
          </>
        )}
      </Paper>
    </>
  );
}

function AuditLine({ row, open, onToggle }: { row: AuditRow; open: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <Fragment>
      <Table.Tr>
        <Table.Td>
          <ActionIcon
            variant="subtle"
            size="sm"
            onClick={onToggle}
            aria-expanded={open}
            aria-label={t('audits.details')}
          >
            {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          </ActionIcon>
        </Table.Td>
        <Table.Td>{formatDateTime(row.at)}</Table.Td>
        <Table.Td>{row.user ?? '—'}</Table.Td>
        <Table.Td>{row.action}</Table.Td>
        <Table.Td>{row.module}</Table.Td>
        <Table.Td>{row.entity.replaceAll('_', ' ')}</Table.Td>
        <Table.Td>{row.record}</Table.Td>
      </Table.Tr>
      {open ? (
        <Table.Tr>
          <Table.Td colSpan={7}>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <div>
                <Text size="sm" fw={600} mb={4}>
                  {t('audits.before')}
                </Text>
                <Code block className="json-block">
                  {asJson(row.before)}
                </Code>
              </div>
              <div>
                <Text size="sm" fw={600} mb={4}>
                  {t('audits.after')}
                </Text>
                <Code block className="json-block">
                  {asJson(row.after)}
                </Code>
              </div>
            </SimpleGrid>
          </Table.Td>
        </Table.Tr>
      ) : null}
    </Fragment>
  );
}
