import { Button, Group, Paper, Tabs } from '@mantine/core';
import { balancesTemplate, importBalances, messages, previousDebtsList, storePreviousDebt } from '@somero/contract';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-title';
import { SearchField, usePagedList, useSearch } from '../../../components/paged-list';
import { ReferenceSelect } from '../../../components/resource/reference-select';
import { RowActions } from '../../../components/row-actions';
import { api } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { ImportCard } from '../../imports';
import { feesSetupKeys } from '../keys';
import { type Debt, DebtForm } from './debt-form';
import { DebtGrid } from './debt-grid';

const perPage = 50;

/**
 * /fees/previous/debts: balances brought forward from before Somero — the students who have one,
 * entered one at a time, a class grid saved at once, or imported from the xlsx template.
 */
export default function PreviousDebtsScreen() {
  const { t } = useTranslation('fees-setup');
  const search = useSearch();
  const [classId, setClassId] = useState<number | null>(null);
  const [editing, setEditing] = useState<Debt | 'new' | null>(null);
  const [clearing, setClearing] = useState<Debt | null>(null);
  const filters = { search: search.term, class_id: classId ?? undefined, with_balance: true };
  const { list, paging, reload } = usePagedList(feesSetupKeys.debtList, previousDebtsList, filters, { perPage });

  const clear = async () => {
    if (!clearing) return;
    const result = await api(
      storePreviousDebt,
      { student_id: clearing.student_id, amount: 0 },
      { module: 'previousDebts', action: 'save' },
    );
    setClearing(null);
    if (result.ok) reload();
  };

  return (
    <div data-screen-status="built">
      <PageHeader />
      <Tabs defaultValue="list" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="list">{t('debts.tabs.list')}</Tabs.Tab>
          <Tabs.Tab value="grid">{t('debts.tabs.grid')}</Tabs.Tab>
          <Tabs.Tab value="import">{t('debts.tabs.import')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="list">
          <Paper withBorder p="md">
            <Group justify="space-between" align="flex-end" mb="md">
              <Group gap="sm" align="flex-end">
                <SearchField search={search} label={t('filters.search')} placeholder={t('filters.studentSearch')} />
                <ReferenceSelect
                  label={t('filters.class')}
                  placeholder={t('filters.all')}
                  references="classes"
                  w={140}
                  value={classId}
                  onChange={setClassId}
                />
              </Group>
              <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
                {t('debts.add')}
              </Button>
            </Group>
            <DataTable
              query={list}
              rows={list.data?.data}
              rowKey={(d) => d.student_id}
              minWidth={900}
              empty={search.term || classId ? t('common.noMatches') : t('debts.none')}
              rowProps={(d) => ({ 'data-student': d.student_name })}
              columns={[
                { key: 'student_name', label: t('columns.student') },
                { key: 'admission_no', label: t('columns.admissionNo') },
                {
                  key: 'class_name',
                  label: t('columns.class'),
                  render: (d) => [d.class_name, d.stream_name].filter(Boolean).join(' '),
                },
                { key: 'note', label: t('debts.note'), render: (d) => d.note ?? '' },
                { key: 'amount', label: t('debts.amount'), numeric: true, render: (d) => formatMoney(d.amount) },
              ]}
              actions={(d) => (
                <RowActions name={d.student_name} onEdit={() => setEditing(d)} onDelete={() => setClearing(d)} />
              )}
              paging={paging}
            />
          </Paper>
        </Tabs.Panel>
        <Tabs.Panel value="grid">
          <DebtGrid />
        </Tabs.Panel>
        <Tabs.Panel value="import">
          <ImportCard
            kind={{
              key: 'balances',
              title: t('debts.importTitle'),
              description: t('debts.importHelp'),
              call: importBalances,
              texts: {
                success: messages.previousDebts.import.success,
                failure: messages.previousDebts.import.failure,
              },
              template: { call: balancesTemplate, name: 'previous-balances-import.xlsx' },
              onImported: reload,
            }}
          />
        </Tabs.Panel>
      </Tabs>
      {editing ? (
        <DebtForm
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
      <ConfirmDialog
        opened={clearing !== null}
        title={t('debts.clear')}
        message={t('debts.confirmClear', { name: clearing?.student_name ?? '' })}
        confirmLabel={t('debts.clear')}
        onConfirm={() => void clear()}
        onClose={() => setClearing(null)}
      />
    </div>
  );
}
