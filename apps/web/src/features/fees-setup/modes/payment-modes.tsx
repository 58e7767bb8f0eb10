import { ActionIcon, Anchor, Button, Paper, Tooltip } from '@mantine/core';
import { paymentModeResource, routeHref } from '@somero/contract';
import { IconPlus, IconReportMoney } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-title';
import { type ResourceRow, referenceKey, resourceCalls, resourceKey } from '../../../components/resource/calls';
import { FieldCell } from '../../../components/resource/field-cell';
import { ResourceForm } from '../../../components/resource/resource-form';
import { RowActions } from '../../../components/row-actions';
import { api, fetchData } from '../../../lib/api';

const r = paymentModeResource;
const statementPath = '/statement/{id}';
const field = (name: string) => r.fields.find((f) => f.name === name)!;

/**
 * /settings/modes: where the school keeps money (cash, each bank account, mobile money, the
 * aggregator) with the opening balance; each opens its statement.
 */
export default function PaymentModesScreen() {
  const { t } = useTranslation('fees-setup');
  const queryClient = useQueryClient();
  const calls = resourceCalls(r);
  const [editing, setEditing] = useState<ResourceRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ResourceRow | null>(null);
  const list = useQuery({
    queryKey: [...resourceKey(r.path), 'all'],
    queryFn: () => fetchData(calls.list, { per_page: 100 }),
  });
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: resourceKey(r.path) });
    void queryClient.invalidateQueries({ queryKey: referenceKey(r.path) });
  };
  const cell = (name: string) => (row: ResourceRow) => <FieldCell field={field(name)} value={row[name]} />;

  const remove = async () => {
    if (!deleting) return;
    const result = await api(
      calls.remove,
      {},
      { id: deleting.id, texts: { failure: r.texts.deleteFailed }, refusalAsSuccess: r.refusalAsSuccess },
    );
    setDeleting(null);
    if (result.ok) reload();
  };

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t('modes.add')}
          </Button>
        }
      />
      <Paper withBorder p="md">
        <DataTable
          query={list}
          rows={list.data?.data}
          minWidth={900}
          empty={t('modes.none')}
          rowProps={(m) => ({ 'data-mode': String(m.name) })}
          columns={[
            {
              key: 'name',
              label: field('name').label,
              render: (m) => (
                <Anchor component={Link} to={routeHref(statementPath, { id: m.id })}>
                  {String(m.name)}
                </Anchor>
              ),
            },
            { key: 'kind', label: field('kind').label, render: cell('kind') },
            { key: 'account_no', label: field('account_no').label, render: cell('account_no') },
            {
              key: 'opening_balance',
              label: field('opening_balance').label,
              numeric: true,
              render: cell('opening_balance'),
            },
            { key: 'opening_on', label: field('opening_on').label, render: cell('opening_on') },
            { key: 'active', label: field('active').label, render: cell('active') },
          ]}
          actions={(m) => (
            <RowActions name={String(m.name)} onEdit={() => setEditing(m)} onDelete={() => setDeleting(m)}>
              <Tooltip label={t('modes.statement')}>
                <ActionIcon
                  variant="subtle"
                  component={Link}
                  to={routeHref(statementPath, { id: m.id })}
                  aria-label={t('modes.statementOf', { name: String(m.name) })}
                >
                  <IconReportMoney size={18} />
                </ActionIcon>
              </Tooltip>
            </RowActions>
          )}
        />
      </Paper>
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
        title={t('modes.delete')}
        message={t('modes.confirmDelete', { name: deleting ? String(deleting.name) : '' })}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
