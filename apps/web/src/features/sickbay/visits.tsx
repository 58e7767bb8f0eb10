import { Badge, Button, Group, Paper, Select, Text } from '@mantine/core';
import {
  deleteStaffVisit,
  deleteStudentVisit,
  listStaffVisits,
  listStudentVisits,
  type SickbayVisitRow,
  sickbayStatuses,
} from '@somero/contract';
import { IconDoorExit, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { DateRangeFields } from '../../components/list-filters';
import { PageHeader } from '../../components/page-title';
import { SearchField, usePagedList, useSearch } from '../../components/paged-list';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { RowActions, VoidButton } from '../../components/row-actions';
import { VoidDialog } from '../../components/void-dialog';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { sickbayKeys } from './keys';
import { VisitForm } from './visit-form';

const colours = { added: 'blue', edited: 'yellow', closed: 'green', deleted: 'red' } as const;

/**
 * /student/medication and /staff/medication: the sick bay's visits, newest first, by dates, status,
 * class, problem and name; record, change, close when the patient leaves, delete with a reason (it
 * stays listed). Temperature, treatment and drugs show only to those the server sends them to.
 */
export default function VisitsScreen({ patient }: { patient: 'student' | 'staff' }) {
  const { t } = useTranslation('sickbay');
  const [range, setRange] = useState({ from: '', to: '' });
  const [status, setStatus] = useState<string | null>(null);
  const [classId, setClassId] = useState<number | null>(null);
  const [problemId, setProblemId] = useState<number | null>(null);
  const search = useSearch();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<{ visit: SickbayVisitRow; closing: boolean } | null>(null);
  const [deleting, setDeleting] = useState<SickbayVisitRow | null>(null);
  const filters = {
    from: range.from || undefined,
    to: range.to || undefined,
    status: (status ?? undefined) as SickbayVisitRow['status'] | undefined,
    problem_id: problemId ?? undefined,
    search: search.term,
    ...(patient === 'student' ? { class_id: classId ?? undefined } : {}),
  };
  const call = patient === 'student' ? listStudentVisits : listStaffVisits;
  const { list, paging, reload } = usePagedList(sickbayKeys.visits(patient), call, filters, { perPage: 50 });
  const nameOf = (v: SickbayVisitRow) => t('visitNamed', { name: v.name, when: formatDateTime(v.visited_at) });
  const hidden = list.data?.data.some((v) => v.notes_hidden);

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          hidden ? null : (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
              {t('add')}
            </Button>
          )
        }
      />
      <Paper withBorder p="md">
        <Group mb="md" align="flex-end" wrap="wrap">
          <DateRangeFields value={range} onChange={setRange} labels={{ from: t('list.from'), to: t('list.to') }} />
          <Select
            label={t('fields.status')}
            placeholder={t('list.all')}
            clearable
            w={130}
            data={sickbayStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            value={status}
            onChange={setStatus}
          />
          {patient === 'student' ? (
            <ReferenceSelect
              label={t('fields.class')}
              placeholder={t('list.all')}
              references="classes"
              w={120}
              value={classId}
              onChange={setClassId}
            />
          ) : null}
          <ReferenceSelect
            label={t('fields.problem')}
            placeholder={t('list.all')}
            references="sickbay_problems"
            w={170}
            value={problemId}
            onChange={setProblemId}
          />
          <SearchField search={search} label={t('list.search')} placeholder={t('list.searchHint')} />
        </Group>
        {hidden ? (
          <Text size="sm" c="dimmed" mb="sm">
            {t('list.notesHidden')}
          </Text>
        ) : null}
        <DataTable
          query={list}
          rows={list.data?.data}
          empty={t('list.none')}
          minWidth={1150}
          paging={paging}
          rowProps={(v) => ({ 'data-visit': String(v.id), 'data-status': v.status })}
          columns={[
            {
              key: 'visited_at',
              label: t('fields.visitedAt'),
              width: 160,
              render: (v) => formatDateTime(v.visited_at),
            },
            {
              key: 'name',
              label: patient === 'student' ? t('fields.student') : t('fields.staff'),
              render: (v) => (v.admission_no ? `${v.name} · ${v.admission_no}` : v.name),
            },
            ...(patient === 'student'
              ? [
                  {
                    key: 'class_name' as const,
                    label: t('fields.class'),
                    render: (v: SickbayVisitRow) => v.class_name ?? '',
                  },
                ]
              : []),
            { key: 'complaint', label: t('fields.complaint') },
            {
              key: 'temperature',
              label: t('fields.temperatureShort'),
              numeric: true,
              render: (v) => (v.temperature === null ? '' : `${v.temperature.toFixed(1)} °C`),
            },
            {
              key: 'treatment',
              label: t('fields.treatment'),
              render: (v) => [v.treatment, v.drugs].filter(Boolean).join(' · '),
            },
            {
              key: 'outcome',
              label: t('fields.outcome'),
              render: (v) =>
                v.outcome ? `${t(`outcome.${v.outcome}`)}${v.referred_to ? `: ${v.referred_to}` : ''}` : '',
            },
            {
              key: 'status',
              label: t('fields.status'),
              width: 110,
              render: (v) => (
                <Badge
                  variant="light"
                  color={colours[v.status]}
                  title={v.delete_reason ?? undefined}
                  data-testid="visit-status"
                >
                  {t(`status.${v.status}`)}
                </Badge>
              ),
            },
          ]}
          actions={(v) =>
            v.notes_hidden || v.status === 'deleted' ? null : (
              <RowActions
                name={nameOf(v)}
                onEdit={v.status === 'closed' ? undefined : () => setEditing({ visit: v, closing: false })}
              >
                {v.status === 'closed' ? null : (
                  <Button
                    size="compact-xs"
                    variant="light"
                    leftSection={<IconDoorExit size={14} />}
                    onClick={() => setEditing({ visit: v, closing: true })}
                    aria-label={t('close.named', { name: nameOf(v) })}
                  >
                    {t('close.action')}
                  </Button>
                )}
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
      {adding ? (
        <VisitForm
          patient={patient}
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            reload();
          }}
        />
      ) : null}
      {editing ? (
        <VisitForm
          patient={patient}
          visit={editing.visit}
          closing={editing.closing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
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
            const result = await api(
              patient === 'student' ? deleteStudentVisit : deleteStaffVisit,
              { reason },
              {
                id: deleting.id,
              },
            );
            if (result.ok) reload();
            return result;
          }}
        />
      ) : null}
    </div>
  );
}
