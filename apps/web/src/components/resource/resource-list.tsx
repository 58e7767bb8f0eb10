import { ActionIcon, Button, Group, Paper, Table, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Resource } from '@somero/contract';
import { IconEdit, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../lib/access';
import { api, fetchData } from '../../lib/api';
import { useUser } from '../../lib/auth';
import { CenteredLoader } from '../centered-loader';
import { ConfirmDialog } from '../confirm-dialog';
import { EmptyRow } from '../empty-row';
import { LoadError } from '../load-error';
import { Pager } from '../pager';
import { SortHeader, type Sorting } from '../sort-header';
import { type ResourceRow, referenceKey, resourceCalls, resourceKey } from './calls';
import { FieldCell } from './field-cell';
import { FilterInput } from './filter-input';
import { ResourceForm } from './resource-form';

interface Props {
  resource: Resource;
  /** A heading of its own, for screens that show more than one list. */
  heading?: string;
  perPage?: number;
}

/**
 * The generic list of a declared entity: server-side paging, search, sortable columns, the declared
 * filters, add and edit in a modal form, delete after confirmation. Notices use the entity's texts.
 */
export function ResourceList({ resource: r, heading, perPage = 20 }: Props) {
  const { t } = useTranslation();
  const user = useUser();
  const queryClient = useQueryClient();
  const calls = resourceCalls(r);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 300);
  const [sorting, setSorting] = useState<Sorting>({ sort: r.list.defaultSort.name, order: 'asc' });
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [editing, setEditing] = useState<ResourceRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ResourceRow | null>(null);
  const writable = can(user, r.write);
  const canAdd = writable && r.calls.includes('create');
  const canEdit = writable && r.calls.includes('update');
  const canDelete = writable && r.calls.includes('delete');
  const sortable = new Set(r.list.sort.map((f) => f.name));
  const columns = r.list.columns;
  const nameOf = (row: ResourceRow) => String(row[r.titleField.name] ?? row.id);

  const list = useQuery({
    queryKey: [...resourceKey(r.path), { page, term, sorting, filters }],
    queryFn: () =>
      fetchData(calls.list, { page, per_page: perPage, search: term || undefined, ...sorting, ...filters }),
    placeholderData: keepPreviousData,
  });
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: resourceKey(r.path) });
    void queryClient.invalidateQueries({ queryKey: referenceKey(r.path) });
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const result = await api(
      calls.remove,
      {},
      {
        id: deleting.id,
        texts: { failure: r.texts.deleteFailed },
        refusalAsSuccess: r.refusalAsSuccess,
      },
    );
    setDeleting(null);
    if (result.ok) reload();
  };

  const setFilter = (name: string, value: string) => {
    setFilters((current) => ({ ...current, [name]: value }));
    setPage(1);
  };
  const hasActions = canEdit || canDelete;

  return (
    <Paper p="md" withBorder data-resource={r.path}>
      <Group justify="space-between" mb="md" align="flex-end" wrap="wrap">
        <Group gap="sm" align="flex-end" wrap="wrap">
          {heading ? (
            <Title order={3} size="h4" mr="md">
              {heading}
            </Title>
          ) : null}
          {r.list.search.length > 0 ? (
            <TextInput
              w={260}
              leftSection={<IconSearch size={16} />}
              placeholder={t('resource.search', { label: r.label.many.toLowerCase() })}
              aria-label={t('resource.search', { label: r.label.many.toLowerCase() })}
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPage(1);
              }}
            />
          ) : null}
          {r.list.filters.map((f) => (
            <FilterInput key={f.name} field={f} value={filters[f.name] ?? ''} onChange={(v) => setFilter(f.name, v)} />
          ))}
        </Group>
        {canAdd ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t('resource.add', { label: r.label.one })}
          </Button>
        ) : null}
      </Group>
      {list.isPending ? (
        <CenteredLoader />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <Table.ScrollContainer minWidth={columns.length * 130}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((f) =>
                    sortable.has(f.name) ? (
                      <SortHeader
                        key={f.name}
                        name={f.name}
                        sorting={sorting}
                        onSort={(next) => {
                          setSorting(next);
                          setPage(1);
                        }}
                      >
                        {f.label}
                      </SortHeader>
                    ) : (
                      <Table.Th key={f.name}>{f.label}</Table.Th>
                    ),
                  )}
                  {hasActions ? <Table.Th aria-label={t('common.actions')} /> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.data.length === 0 ? (
                  <EmptyRow colSpan={columns.length + 1}>
                    {term || Object.values(filters).some(Boolean)
                      ? t('common.noMatches')
                      : t('resource.none', { label: r.label.many.toLowerCase() })}
                  </EmptyRow>
                ) : (
                  list.data.data.map((row) => (
                    <Table.Tr key={row.id}>
                      {columns.map((f) => (
                        <Table.Td key={f.name}>
                          <FieldCell field={f} value={row[f.name]} />
                        </Table.Td>
                      ))}
                      {hasActions ? (
                        <Table.Td>
                          <Group gap={4} wrap="nowrap" justify="flex-end">
                            {canEdit ? (
                              <Tooltip label={t('common.edit')}>
                                <ActionIcon
                                  variant="subtle"
                                  onClick={() => setEditing(row)}
                                  aria-label={t('common.editNamed', { name: nameOf(row) })}
                                >
                                  <IconEdit size={18} />
                                </ActionIcon>
                              </Tooltip>
                            ) : null}
                            {canDelete ? (
                              <Tooltip label={t('common.delete')}>
                                <ActionIcon
                                  variant="subtle"
                                  color="red"
                                  onClick={() => setDeleting(row)}
                                  aria-label={t('common.deleteNamed', { name: nameOf(row) })}
                                >
                                  <IconTrash size={18} />
                                </ActionIcon>
                              </Tooltip>
                            ) : null}
                          </Group>
                        </Table.Td>
                      ) : null}
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager page={page} perPage={perPage} total={list.data.total ?? 0} onChange={setPage} />
        </>
      )}
      {editing ? (
        <ResourceForm
          resource={r}
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('resource.delete', { label: r.label.one })}
        message={t('resource.confirmDelete', {
          label: r.label.one.toLowerCase(),
          name: deleting ? nameOf(deleting) : '',
        })}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Paper>
  );
}
