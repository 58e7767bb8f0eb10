import { Button, Group, Paper, Select } from '@mantine/core';
import { deleteBursary, viewBursaries } from '@somero/contract';
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
import { useCurrentSettings } from '../../../lib/current-settings';
import { formatMoney } from '../../../lib/format';
import { feesSetupKeys } from '../keys';
import { type Bursary, BursaryForm } from './bursary-form';

const perPage = 25;

/** "25% of Tuition", "10% of all fees" or "UGX 100,000 a term". */
export const bursaryValue = (b: Bursary) =>
  b.kind === 'percent' ? `${b.percent}% of ${b.category_name ?? 'all fees'}` : `${formatMoney(b.amount)} a term`;

/** /fees/bursaries: who has a bursary, how much and for which terms (POST view_bursaries); give, change, end. */
export default function BursariesScreen() {
  const { t } = useTranslation('fees-setup');
  const settings = useCurrentSettings();
  const search = useSearch();
  const [classId, setClassId] = useState<number | null>(null);
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [kind, setKind] = useState<string | null>(null);
  const [editing, setEditing] = useState<Bursary | 'new' | null>(null);
  const [removing, setRemoving] = useState<Bursary | null>(null);
  const filters = {
    search: search.term,
    class_id: classId ?? undefined,
    bursary_category_id: categoryId ?? undefined,
    kind: (kind ?? undefined) as 'fixed' | 'percent' | undefined,
  };
  const { list, paging, reload } = usePagedList(feesSetupKeys.bursaries, viewBursaries, filters, { perPage });

  const remove = async () => {
    if (!removing) return;
    const result = await api(
      deleteBursary,
      {},
      { id: removing.id, module: 'bursaries', action: 'delete', refusalAsSuccess: true },
    );
    setRemoving(null);
    if (result.ok) reload();
  };

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} disabled={!settings.data}>
            {t('bursaries.add')}
          </Button>
        }
      />
      <Paper withBorder p="md">
        <Group gap="sm" align="flex-end" mb="md" wrap="wrap">
          <SearchField search={search} label={t('filters.search')} placeholder={t('filters.studentSearch')} />
          <ReferenceSelect
            label={t('filters.class')}
            placeholder={t('filters.all')}
            references="classes"
            w={140}
            value={classId}
            onChange={setClassId}
          />
          <ReferenceSelect
            label={t('bursaries.category')}
            placeholder={t('filters.all')}
            references="bursary_categories"
            w={200}
            value={categoryId}
            onChange={setCategoryId}
          />
          <Select
            label={t('bursaries.kind')}
            placeholder={t('filters.all')}
            w={150}
            clearable
            data={[
              { value: 'fixed', label: t('bursaries.fixed') },
              { value: 'percent', label: t('bursaries.percent') },
            ]}
            value={kind}
            onChange={setKind}
          />
        </Group>
        <DataTable
          query={list}
          rows={list.data?.data}
          minWidth={1000}
          empty={Object.values(filters).some(Boolean) ? t('common.noMatches') : t('bursaries.none')}
          rowProps={(b) => ({ 'data-bursary': b.student_name })}
          columns={[
            { key: 'student_name', label: t('columns.student') },
            { key: 'admission_no', label: t('columns.admissionNo') },
            { key: 'class_name', label: t('columns.class'), render: (b) => b.class_name ?? '—' },
            { key: 'bursary_category_name', label: t('bursaries.category') },
            { key: 'value', label: t('bursaries.value'), render: bursaryValue },
            { key: 'active', label: t('bursaries.active') },
            { key: 'note', label: t('bursaries.note'), render: (b) => b.note ?? '' },
          ]}
          actions={(b) => (
            <RowActions name={b.student_name} onEdit={() => setEditing(b)} onDelete={() => setRemoving(b)} />
          )}
          paging={paging}
        />
      </Paper>
      {editing && settings.data ? (
        <BursaryForm
          row={editing === 'new' ? null : editing}
          term={{ year: settings.data.year, term: settings.data.term }}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
      <ConfirmDialog
        opened={removing !== null}
        title={t('bursaries.remove')}
        message={t('bursaries.confirmRemove', { name: removing?.student_name ?? '' })}
        confirmLabel={t('bursaries.remove')}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      />
    </div>
  );
}
