import { Paper, Text, TextInput } from '@mantine/core';
import { listStudents } from '@somero/contract';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/centered-loader';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-title';
import { usePagedList, useSearch } from '../../../components/paged-list';
import { Pager } from '../../../components/pager';
import { StudentTable } from '../student-table';

const perPage = 25;

/** /students/search: one box for a name, admission number, payment code or guardian phone. */
export default function SearchStudentsScreen() {
  const { t } = useTranslation('students');
  const search = useSearch();
  const term = search.term ?? '';
  const ready = term.length >= 2;
  const { list: found, paging } = usePagedList(
    ['students', 'search-screen'],
    listStudents,
    { search: term },
    {
      perPage,
      enabled: ready,
    },
  );

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
          value={search.text}
          onChange={(e) => search.setText(e.currentTarget.value)}
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
            <Pager {...paging} />
          </>
        )}
      </Paper>
    </div>
  );
}
