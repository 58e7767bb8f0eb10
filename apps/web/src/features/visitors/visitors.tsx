import { Button, Group, Modal, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import { closeVisit, deleteVisit, listVisitors, type VisitRow, visitStatuses, visitWhom } from '@somero/contract';
import { IconDoorExit, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { FormButtons } from '../../components/form-buttons';
import { DateRangeFields } from '../../components/list-filters';
import { PageHeader } from '../../components/page-title';
import { SearchField, usePagedList, useSearch } from '../../components/paged-list';
import { RowActions, VoidButton } from '../../components/row-actions';
import { VoidDialog } from '../../components/void-dialog';
import { api } from '../../lib/api';
import { useContractForm } from '../../lib/contract-form';
import { formatDateTime } from '../../lib/format';
import { visitorKeys } from './keys';
import { VisitForm } from './visit-form';
import { stayLabel, VisitStatus, visitorLine } from './visit-parts';

/**
 * /visitors: the visitors book, visitors still in first, then newest; record a visitor (time in is the
 * server's), close the visit when they leave (time out), correct details, delete with a reason (the
 * visit stays, marked deleted: pick the Deleted status to see it).
 */
export default function VisitorsScreen() {
  const { t } = useTranslation('visitors');
  const [range, setRange] = useState({ from: '', to: '' });
  const [status, setStatus] = useState<string | null>(null);
  const [whom, setWhom] = useState<string | null>(null);
  const search = useSearch();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<VisitRow | null>(null);
  const [closing, setClosing] = useState<VisitRow | null>(null);
  const [deleting, setDeleting] = useState<VisitRow | null>(null);
  const filters = {
    from: range.from || undefined,
    to: range.to || undefined,
    status: (status ?? undefined) as VisitRow['status'] | undefined,
    whom: (whom ?? undefined) as VisitRow['whom'] | undefined,
    search: search.term,
  };
  const { list, paging, reload } = usePagedList(visitorKeys.list, listVisitors, filters, { perPage: 50 });
  const nameOf = (v: VisitRow) => t('visitNamed', { name: v.visitor_name, when: formatDateTime(v.time_in) });

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            {t('add')}
          </Button>
        }
      />
      <Paper withBorder p="md">
        <Group mb="md" align="flex-end" wrap="wrap">
          <DateRangeFields value={range} onChange={setRange} labels={{ from: t('list.from'), to: t('list.to') }} />
          <Select
            label={t('fields.status')}
            placeholder={t('list.all')}
            clearable
            w={150}
            data={visitStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            value={status}
            onChange={setStatus}
          />
          <Select
            label={t('fields.whom')}
            clearable
            w={170}
            data={visitWhom.map((o) => ({ value: o.value, label: o.label }))}
            value={whom}
            onChange={setWhom}
          />
          <SearchField search={search} label={t('list.search')} placeholder={t('list.searchHint')} />
        </Group>
        <DataTable
          query={list}
          rows={list.data?.data}
          empty={t('list.none')}
          minWidth={1100}
          paging={paging}
          rowProps={(v) => ({ 'data-visit': String(v.id), 'data-status': v.status })}
          columns={[
            { key: 'time_in', label: t('fields.timeIn'), width: 150, render: (v) => formatDateTime(v.time_in) },
            { key: 'visitor', label: t('fields.visitor'), render: visitorLine },
            {
              key: 'visited',
              label: t('fields.visited'),
              render: (v) =>
                v.whom === 'student' && v.class_name
                  ? `${v.visited} · ${v.class_name}${v.relationship ? ` (${v.relationship})` : ''}`
                  : v.visited,
            },
            {
              key: 'purpose',
              label: t('fields.purpose'),
              render: (v) =>
                v.outside_hours_reason ? (
                  <>
                    {v.purpose}
                    <Text size="xs" c="orange.8" data-testid="outside-hours">
                      {t('list.outsideHours', { reason: v.outside_hours_reason })}
                    </Text>
                  </>
                ) : (
                  v.purpose
                ),
            },
            {
              key: 'time_out',
              label: t('fields.timeOut'),
              width: 150,
              render: (v) => (v.time_out ? `${formatDateTime(v.time_out)} · ${stayLabel(v.minutes)}` : ''),
            },
            { key: 'status', label: t('fields.status'), width: 100, render: (v) => <VisitStatus visit={v} /> },
          ]}
          actions={(v) =>
            v.status === 'deleted' ? null : (
              <RowActions name={nameOf(v)} onEdit={() => setEditing(v)}>
                {v.status === 'open' ? (
                  <Button
                    size="compact-xs"
                    variant="light"
                    leftSection={<IconDoorExit size={14} />}
                    onClick={() => setClosing(v)}
                    aria-label={t('close.named', { name: nameOf(v) })}
                  >
                    {t('close.action')}
                  </Button>
                ) : null}
                <VoidButton
                  label={t('delete.action')}
                  ariaLabel={t('delete.named', { name: nameOf(v) })}
                  onClick={() => setDeleting(v)}
                />
              </RowActions>
            )
          }
        />
      </Paper>
      {adding || editing ? (
        <VisitForm
          visit={editing ?? undefined}
          onClose={() => {
            setAdding(false);
            setEditing(null);
          }}
          onSaved={() => {
            setAdding(false);
            setEditing(null);
            reload();
          }}
        />
      ) : null}
      {closing ? (
        <CloseDialog
          visit={closing}
          onClose={() => setClosing(null)}
          onClosed={() => {
            setClosing(null);
            reload();
          }}
        />
      ) : null}
      {deleting ? (
        <VoidDialog
          title={t('delete.title', { name: nameOf(deleting) })}
          message={t('delete.message')}
          confirm={t('delete.confirm')}
          onClose={() => setDeleting(null)}
          onVoid={async (reason) => {
            const result = await api(deleteVisit, { reason }, { id: deleting.id });
            if (result.ok) reload();
            return result;
          }}
        />
      ) : null}
    </div>
  );
}

/** The visitor is leaving: time out is now, with an optional remark. */
function CloseDialog({ visit, onClose, onClosed }: { visit: VisitRow; onClose: () => void; onClosed: () => void }) {
  const { t } = useTranslation('visitors');
  const { field, submit } = useContractForm(closeVisit.input, { remarks: visit.remarks ?? '' }, (v) => ({
    remarks: v.remarks.trim(),
  }));
  const save = submit((input) => api(closeVisit, input, { id: visit.id }), onClosed);
  return (
    <Modal opened onClose={onClose} title={t('close.title', { name: visit.visitor_name })} centered>
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack>
          <Text>{t('close.message')}</Text>
          <Textarea label={t('fields.remarks')} autosize minRows={2} data-autofocus {...field('remarks')} />
          <FormButtons onCancel={onClose} submit={t('close.save')} mt={0} />
        </Stack>
      </form>
    </Modal>
  );
}
