import { ActionIcon, Badge, Button, Group, Paper, Select, Tooltip } from '@mantine/core';
import { deleteEvent, type EventRow, eventTypes, eventWhen, listEvents, saveMinutes } from '@somero/contract';
import { IconNotes, IconPlus, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { DateRangeFields } from '../../components/list-filters';
import { PageHeader } from '../../components/page-title';
import { SearchField, usePagedList, useSearch } from '../../components/paged-list';
import { RowActions } from '../../components/row-actions';
import { api } from '../../lib/api';
import { openPdf } from '../../lib/downloads';
import { formatDate, today } from '../../lib/format';
import { EventForm } from './event-form';
import { invitedText, typeLabel } from './event-parts';
import { eventKeys } from './keys';
import { MinutesForm } from './minutes-form';

/**
 * /events: school events and meetings, today's and coming ones first (soonest first), then past ones
 * (latest first), or only either; plan one, change it, record its minutes once it has
 * taken place and print them under the school's header. An event with minutes is not deleted.
 */
export default function EventsScreen() {
  const { t } = useTranslation('events');
  const [range, setRange] = useState({ from: '', to: '' });
  const [type, setType] = useState<string | null>(null);
  const [when, setWhen] = useState<(typeof eventWhen)[number]['value']>('all');
  const search = useSearch();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<EventRow | null>(null);
  const [minutes, setMinutes] = useState<EventRow | null>(null);
  const [deleting, setDeleting] = useState<EventRow | null>(null);
  const filters = {
    when,
    from: range.from || undefined,
    to: range.to || undefined,
    event_type: (type ?? undefined) as (typeof eventTypes)[number]['value'] | undefined,
    search: search.term,
  };
  const { list, paging, reload } = usePagedList(eventKeys.list, listEvents, filters, { perPage: 50 });
  const now = today();

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
          <Select
            label={t('list.when')}
            w={180}
            allowDeselect={false}
            data={eventWhen.map((o) => ({ value: o.value, label: t(`list.whenOptions.${o.value}`) }))}
            value={when}
            onChange={(v) => setWhen((v ?? 'all') as typeof when)}
          />
          <DateRangeFields value={range} onChange={setRange} labels={{ from: t('list.from'), to: t('list.to') }} />
          <Select
            label={t('fields.eventType')}
            placeholder={t('list.all')}
            clearable
            w={170}
            data={eventTypes.map((o) => ({ value: o.value, label: o.label }))}
            value={type}
            onChange={setType}
          />
          <SearchField search={search} label={t('list.search')} placeholder={t('list.searchHint')} />
        </Group>
        <DataTable
          query={list}
          rows={list.data?.data}
          empty={t('list.none')}
          minWidth={1000}
          paging={paging}
          rowProps={(e) => ({ 'data-event': e.title, 'data-event-id': String(e.id) })}
          columns={[
            { key: 'on_date', label: t('fields.onDate'), width: 120, render: (e) => formatDate(e.on_date) },
            {
              key: 'time',
              label: t('fields.time'),
              width: 110,
              render: (e) => [e.starts_at, e.ends_at].filter(Boolean).join('–'),
            },
            { key: 'title', label: t('fields.title') },
            { key: 'event_type', label: t('fields.eventType'), render: (e) => typeLabel(e.event_type) },
            { key: 'venue', label: t('fields.venue'), render: (e) => e.venue ?? '' },
            { key: 'invited', label: t('fields.invited'), render: invitedText },
            {
              key: 'minutes',
              label: t('fields.minutes'),
              width: 130,
              render: (e) =>
                e.has_minutes ? (
                  <Badge variant="light" color="green" data-testid="minutes-state">
                    {t('minutes.recorded')}
                  </Badge>
                ) : (
                  <Badge variant="light" color="gray" data-testid="minutes-state">
                    {t('minutes.none')}
                  </Badge>
                ),
            },
          ]}
          actions={(e) => (
            <RowActions
              name={e.title}
              onEdit={() => setEditing(e)}
              onDelete={e.has_minutes ? undefined : () => setDeleting(e)}
            >
              {e.on_date <= now ? (
                <Button
                  size="compact-xs"
                  variant="light"
                  leftSection={<IconNotes size={14} />}
                  onClick={() => setMinutes(e)}
                  aria-label={t('minutes.named', { name: e.title })}
                >
                  {t('minutes.action')}
                </Button>
              ) : null}
              {e.has_minutes ? (
                <Tooltip label={t('minutes.print')}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('minutes.printNamed', { name: e.title })}
                    onClick={() =>
                      void openPdf({
                        method: saveMinutes.method,
                        path: saveMinutes.path,
                        body: { event_id: e.id, format: 'pdf' },
                      })
                    }
                  >
                    <IconPrinter size={18} />
                  </ActionIcon>
                </Tooltip>
              ) : null}
            </RowActions>
          )}
        />
      </Paper>
      {adding || editing ? (
        <EventForm
          event={editing ?? undefined}
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
      {minutes ? (
        <MinutesForm
          event={minutes}
          onClose={() => setMinutes(null)}
          onSaved={() => {
            setMinutes(null);
            reload();
          }}
        />
      ) : null}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('delete.title', { name: deleting?.title ?? '' })}
        message={t('delete.message')}
        onConfirm={() => {
          const target = deleting;
          setDeleting(null);
          if (target) void api(deleteEvent, {}, { id: target.id }).then((r) => r.ok && reload());
        }}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
