import { Button, Group, Modal, Paper } from '@mantine/core';
import { IconFileSpreadsheet, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-title';
import { SearchField, usePagedList, useSearch } from '../../../components/paged-list';
import { resourceCalls } from '../../../components/resource/calls';
import { ReferenceSelect } from '../../../components/resource/reference-select';
import { RowActions } from '../../../components/row-actions';
import { api } from '../../../lib/api';
import { useCurrentSettings } from '../../../lib/current-settings';
import { formatMoney } from '../../../lib/format';
import { ImportCard } from '../../imports';
import { feesSetupKeys } from '../keys';
import { type Term, TermPicker, termLabel } from '../term-picker';
import { type Adjustment, AdjustmentForm } from './adjustment-form';
import type { AdjustmentKind } from './adjustment-kinds';

const perPage = 50;

/**
 * /fees/additions and /fees/deductions: a term's one-off charges or discounts per student, added one
 * at a time or imported from the xlsx template (all or nothing, with the reasons per row).
 */
export function AdjustmentsScreen({ kind }: { kind: AdjustmentKind }) {
  const { t } = useTranslation('fees-setup');
  const settings = useCurrentSettings();
  const [term, setTerm] = useState<Term | null>(null);
  const search = useSearch();
  const [classId, setClassId] = useState<number | null>(null);
  const [editing, setEditing] = useState<Adjustment | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Adjustment | null>(null);
  const [importing, setImporting] = useState(false);
  useEffect(() => {
    if (!term && settings.data) setTerm({ year: settings.data.year, term: settings.data.term });
  }, [settings.data, term]);

  const filters = { ...term, class_id: classId ?? undefined, search: search.term };
  const { list, paging, reload } = usePagedList(feesSetupKeys.adjustments(kind.key), kind.list, filters, {
    perPage,
    enabled: term !== null,
  });

  const remove = async () => {
    if (!deleting) return;
    const result = await api(
      resourceCalls(kind.resource).remove,
      {},
      {
        id: deleting.id,
        texts: { failure: kind.deleteFailed ?? kind.resource.texts.deleteFailed },
        refusalAsSuccess: true,
      },
    );
    setDeleting(null);
    if (result.ok) reload();
  };

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconFileSpreadsheet size={16} />}
              onClick={() => setImporting(true)}
            >
              {t('import.open')}
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} disabled={!term}>
              {t(`${kind.key}.add`)}
            </Button>
          </>
        }
      />
      <Paper withBorder p="md">
        <Group gap="sm" align="flex-end" mb="md" wrap="wrap">
          <TermPicker value={term} onChange={setTerm} />
          <ReferenceSelect
            label={t('filters.class')}
            placeholder={t('filters.all')}
            references="classes"
            w={140}
            value={classId}
            onChange={setClassId}
          />
          <SearchField search={search} label={t('filters.search')} placeholder={t('filters.studentSearch')} />
        </Group>
        <DataTable
          query={term ? list : undefined}
          rows={list.data?.data}
          minWidth={900}
          empty={
            classId || search.term
              ? t('common.noMatches')
              : t(`${kind.key}.none`, { term: term ? termLabel(term) : '' })
          }
          rowProps={(a) => ({ 'data-adjustment': `${a.student_name} ${a.description}` })}
          columns={[
            { key: 'student_name', label: t('columns.student') },
            { key: 'admission_no', label: t('columns.admissionNo') },
            { key: 'class_name', label: t('columns.class'), render: (a) => a.class_name ?? '—' },
            ...(kind.withCategory
              ? [
                  {
                    key: 'category_name',
                    label: t('columns.category'),
                    render: (a: Adjustment) => a.category_name ?? '—',
                  },
                ]
              : []),
            { key: 'description', label: t('columns.description') },
            { key: 'amount', label: t('columns.amount'), numeric: true, render: (a) => formatMoney(a.amount) },
          ]}
          actions={(a) => (
            <RowActions
              name={`${a.student_name} ${a.description}`}
              onEdit={() => setEditing(a)}
              onDelete={() => setDeleting(a)}
            />
          )}
          paging={paging}
        />
      </Paper>
      {editing && term ? (
        <AdjustmentForm
          kind={kind}
          row={editing === 'new' ? null : editing}
          term={term}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
      <Modal opened={importing} onClose={() => setImporting(false)} title={t(`${kind.key}.importTitle`)} size="lg">
        <ImportCard
          kind={{
            key: kind.key,
            title: t(`${kind.key}.importTitle`),
            description: t(`${kind.key}.importHelp`),
            call: kind.importCall,
            texts: kind.importTexts,
            template: kind.template,
            onImported: reload,
          }}
        />
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title={t(`${kind.key}.delete`)}
        message={t(`${kind.key}.confirmDelete`, {
          name: deleting?.student_name ?? '',
          description: deleting?.description ?? '',
        })}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
