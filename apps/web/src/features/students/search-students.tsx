import { Paper, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { listStudents } from '@somero/contract';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../components/centered-loader';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-title';
import { Pager } from '../../components/pager';
import { fetchData } from '../../lib/api';
import { StudentTable } from './student-table';

const perPage = 25;

/** /students/search: one box for a name, admission number, payment code or guardian phone. */
export default function SearchStudentsScreen() {
  const { t } = useTranslation('students');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [term] = useDebouncedValue(search.trim(), 300);
  const ready = term.length >= 2;
  const found = useQuery({
    queryKey: ['students', 'search-screen', term, page],
    queryFn: () => fetchData(listStudents, { search: term, page, per_page: perPage }),
    enabled: ready,
    placeholderData: keepPreviousData,
  });

  return (
    <div data-screen-status="built">
      <PageHeader />
      <Paper withBorder p="md">
        <TextInput
          size="md"
          maw={520}
          mb="md"
          autoFocus
          label={t('search.label')}
          description={t('search.help')}
          leftSection={<IconSearch size={18} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
        {!ready ? (
          <Text c="dimmed">{t('search.typeMore')}</Text>
        ) : found.isPending ? (
          <CenteredLoader />
        ) : found.isError ? (
          <LoadError error={found.error} onRetry={() => void found.refetch()} />
        ) : (
          <>
            <StudentTable rows={found.data.data} empty={t('search.nothing', { term })} />
            <Pager page={page} perPage={perPage} total={found.data.total ?? 0} onChange={setPage} />
          </>
        )}
      </Paper>
    </div>
  );
}
