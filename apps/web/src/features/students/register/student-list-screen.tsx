import { Button, Group, Paper, TextInput } from '@mantine/core';
import type { StudentRow, viewStudents } from '@somero/contract';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/centered-loader';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-title';
import { usePagedList, useSearch } from '../../../components/paged-list';
import { Pager } from '../../../components/pager';
import type { Sorting } from '../../../components/sort-header';
import { downloadSpreadsheet } from '../../../lib/downloads';
import { studentKeys } from '../keys';
import { type Placement, PlacementSelect } from '../placement-select';
import { StudentTable } from '../student-table';

const perPage = 50;
const defaultExportName = 'students.xlsx';

interface Props {
  /** view_students, new_students or trashed_students: the same filters, one fixed condition each. */
  call: typeof viewStudents;
  /** Text when the list is empty without filters. */
  empty: string;
  actions?: (row: StudentRow) => ReactNode;
  intro?: ReactNode;
}

/** A student list filtered on the server by class, stream, section, gender and search; xlsx export. */
export function StudentListScreen({ call, empty, actions, intro }: Props) {
  const { t } = useTranslation('students');
  const [placement, setPlacement] = useState<Placement>({});
  const search = useSearch();
  const [sorting, setSorting] = useState<Sorting>({ sort: 'name', order: 'asc' });
  const [exporting, setExporting] = useState(false);
  const filters = {
    ...placement,
    search: search.term,
    sort: sorting.sort as 'name' | 'admission_no' | 'class',
    order: sorting.order,
  };
  const { list, paging } = usePagedList(studentKeys.list(call.path), call, filters, { perPage });

  const exportList = async () => {
    setExporting(true);
    await downloadSpreadsheet(
      { method: call.method, path: call.path, body: { ...filters, format: 'xlsx' } },
      defaultExportName,
    );
    setExporting(false);
  };

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            onClick={() => void exportList()}
            loading={exporting}
          >
            {t('list.export')}
          </Button>
        }
      />
      {intro}
      <Paper withBorder p="md">
        <Group mb="md" align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t('list.search')}
            w={260}
            leftSection={<IconSearch size={16} />}
            placeholder={t('list.searchPlaceholder')}
            value={search.text}
            onChange={(e) => search.setText(e.currentTarget.value)}
          />
          <PlacementSelect value={placement} onChange={setPlacement} withSection withGender />
        </Group>
        {list.isPending ? (
          <CenteredLoader />
        ) : list.isError ? (
          <LoadError error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <>
            <StudentTable
              rows={list.data.data}
              sorting={sorting}
              onSort={setSorting}
              actions={actions}
              empty={
                search.term || placement.class_id || placement.section || placement.gender ? t('list.noMatches') : empty
              }
            />
            <Pager {...paging} />
          </>
        )}
      </Paper>
    </div>
  );
}
