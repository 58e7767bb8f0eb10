import { Anchor, Button, Group, Paper, TextInput, Title } from '@mantine/core';
import type { Resource } from '@somero/contract';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { can } from '../../lib/access';
import { api } from '../../lib/api';
import { useUser } from '../../lib/auth';
import { ConfirmDialog } from '../confirm-dialog';
import { DataTable } from '../data-table';
import { usePagedList, useSearch } from '../paged-list';
import { RowActions } from '../row-actions';
import type { Sorting } from '../sort-header';
import { type ResourceRow, referenceKey, resourceCalls, resourceKey } from './calls';
import { FieldCell } from './field-cell';
import { FilterInput } from './filter-input';
import { ResourceForm } from './resource-form';

interface Props {
  resource: Resource;
  /** A heading of its own, for screens that show more than one list. */
  heading?: string;
  perPage?: number;
  /** Where a record's name leads (its profile), when the entity has a screen of its own per record. */
  rowLink?: (row: ResourceRow) => string;
}

/**
 * The generic list of a declared entity: server-side paging, search, sortable columns, the declared
 * filters, add and edit in a modal form, delete after confirmation. Notices use the entity's texts.
 */
export function ResourceList({ resource: r, heading, perPage = 20, rowLink }: Props) {
  const { t } = useTranslation();
  const user = useUser();
  const queryClient = useQueryClient();
  const calls = resourceCalls(r);
  const search = useSearch();
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

  const paged = usePagedList(
    resourceKey(r.path),
    calls.list,
    { search: search.term, ...sorting, ...filters },
    { perPage },
  );
  const { list, paging } = paged;
  const reload = () => {
    paged.reload();
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

  const setFilter = (name: string, value: string) => setFilters((current) => ({ ...current, [name]: value }));

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
              value={search.text}
              onChange={(e) => search.setText(e.currentTarget.value)}
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
      <DataTable
        query={list}
        rows={list.data?.data}
        empty={
          search.term || Object.values(filters).some(Boolean)
            ? t('common.noMatches')
            : t('resource.none', { label: r.label.many.toLowerCase() })
        }
        columns={columns.map((f) => ({
          key: f.name,
          label: f.label,
          sortable: sortable.has(f.name),
          render: (row: ResourceRow) =>
            rowLink && f.name === r.titleField.name ? (
              <Anchor component={Link} to={rowLink(row)}>
                <FieldCell field={f} value={row[f.name]} />
              </Anchor>
            ) : (
              <FieldCell field={f} value={row[f.name]} />
            ),
        }))}
        sorting={sorting}
        onSort={setSorting}
        actions={
          canEdit || canDelete
            ? (row) => (
                <RowActions
                  name={nameOf(row)}
                  onEdit={canEdit ? () => setEditing(row) : undefined}
                  onDelete={canDelete ? () => setDeleting(row) : undefined}
                />
              )
            : undefined
        }
        paging={paging}
      />
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
