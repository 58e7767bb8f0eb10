import { Group, Modal, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import { type AssetRow, disposeAsset, updateAssetLabel, viewAssets } from '@somero/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { DateField } from '../../components/date-field';
import { FormButtons } from '../../components/form-buttons';
import { PageHeader } from '../../components/page-title';
import { SearchField, usePagedList, useSearch } from '../../components/paged-list';
import { ReasonField } from '../../components/reason-field';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { RowActions, VoidButton } from '../../components/row-actions';
import { api } from '../../lib/api';
import { useContractForm } from '../../lib/contract-form';
import { formatDate, formatMoney, today } from '../../lib/format';
import { assetKeys } from './keys';
import { AssetStatus, conditionLabel, conditionOptions } from './parts';

const perPage = 50;
type Status = 'in_use' | 'disposed' | 'void';

/**
 * /view/assets: every tagged asset by category, location, status and search (tag or item); move one or
 * record its condition, or write it off with a reason (it stays listed as written off).
 */
export default function AssetsScreen() {
  const { t } = useTranslation('assets');
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [locationId, setLocationId] = useState<number | null>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const search = useSearch();
  const [moving, setMoving] = useState<AssetRow | null>(null);
  const [writingOff, setWritingOff] = useState<AssetRow | null>(null);
  const filters = {
    category_id: categoryId ?? undefined,
    location_id: locationId ?? undefined,
    status: status ?? undefined,
    search: search.term,
  };
  const { list, paging, reload } = usePagedList(assetKeys.list, viewAssets, filters, { perPage });

  return (
    <div data-screen-status="built">
      <PageHeader />
      <Paper withBorder p="md">
        <Group mb="md" align="flex-end" wrap="wrap">
          <ReferenceSelect
            label={t('fields.category')}
            placeholder={t('list.all')}
            references="asset_categories"
            w={180}
            value={categoryId}
            onChange={setCategoryId}
          />
          <ReferenceSelect
            label={t('fields.location')}
            placeholder={t('list.all')}
            references="asset_locations"
            w={200}
            value={locationId}
            onChange={setLocationId}
          />
          <Select
            label={t('fields.status')}
            placeholder={t('status.in_use')}
            w={150}
            clearable
            data={(['in_use', 'disposed', 'void'] as const).map((s) => ({ value: s, label: t(`status.${s}`) }))}
            value={status}
            onChange={(v) => setStatus(v as Status | null)}
          />
          <SearchField search={search} label={t('list.search')} placeholder={t('assets.searchHint')} />
        </Group>
        <DataTable
          query={list}
          rows={list.data?.data}
          empty={t('assets.none')}
          minWidth={1100}
          paging={paging}
          rowProps={(a) => ({ 'data-tag': a.tag, 'data-status': a.status })}
          columns={[
            { key: 'tag', label: t('fields.tag') },
            { key: 'item_name', label: t('fields.item') },
            { key: 'category_name', label: t('fields.category') },
            { key: 'location_name', label: t('fields.location') },
            { key: 'condition', label: t('fields.condition'), render: (a) => conditionLabel(a.condition) },
            { key: 'purchased_on', label: t('fields.purchasedOn'), render: (a) => formatDate(a.purchased_on) },
            { key: 'cost', label: t('fields.cost'), numeric: true, render: (a) => formatMoney(a.cost) },
            {
              key: 'status',
              label: t('fields.status'),
              render: (a) => <AssetStatus status={a.status} title={a.dispose_reason} />,
            },
          ]}
          actions={(a) =>
            a.status === 'in_use' ? (
              <RowActions name={a.tag} onEdit={() => setMoving(a)}>
                <VoidButton
                  label={t('writeOff.action')}
                  ariaLabel={t('writeOff.named', { tag: a.tag })}
                  onClick={() => setWritingOff(a)}
                />
              </RowActions>
            ) : null
          }
        />
      </Paper>
      {moving ? (
        <MoveDialog
          asset={moving}
          onClose={() => setMoving(null)}
          onSaved={() => {
            setMoving(null);
            reload();
          }}
        />
      ) : null}
      {writingOff ? (
        <WriteOffDialog
          asset={writingOff}
          onClose={() => setWritingOff(null)}
          onSaved={() => {
            setWritingOff(null);
            reload();
          }}
        />
      ) : null}
    </div>
  );
}

interface DialogProps {
  asset: AssetRow;
  onClose: () => void;
  onSaved: () => void;
}

/** Move an asset or record its condition. */
function MoveDialog({ asset, onClose, onSaved }: DialogProps) {
  const { t } = useTranslation('assets');
  const { field, submit } = useContractForm(
    updateAssetLabel.input,
    { location_id: asset.location_id as number | null, condition: asset.condition, note: asset.note ?? '' },
    (v) => ({ location_id: v.location_id as number, condition: v.condition, note: v.note.trim() }),
  );
  const save = submit((input) => api(updateAssetLabel, input, { id: asset.id }), onSaved);
  const condition = field('condition');
  return (
    <Modal opened onClose={onClose} title={t('move.title', { tag: asset.tag })} centered>
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack>
          <ReferenceSelect
            label={t('fields.location')}
            references="asset_locations"
            required
            {...field('location_id')}
          />
          <Select
            label={t('fields.condition')}
            data={conditionOptions}
            allowDeselect={false}
            {...condition}
            onChange={(v) => condition.onChange(v ?? asset.condition)}
          />
          <Textarea label={t('fields.note')} autosize minRows={2} {...field('note')} />
        </Stack>
        <FormButtons onCancel={onClose} submit={t('move.save')} />
      </form>
    </Modal>
  );
}

/** Write an asset off with the reason and the day. */
function WriteOffDialog({ asset, onClose, onSaved }: DialogProps) {
  const { t } = useTranslation('assets');
  const { field, values, submit } = useContractForm(disposeAsset.input, { reason: '', disposed_on: today() }, (v) => ({
    reason: v.reason.trim(),
    disposed_on: v.disposed_on,
  }));
  const save = submit((input) => api(disposeAsset, input, { id: asset.id }), onSaved);
  const reason = field('reason');
  return (
    <Modal opened onClose={onClose} title={t('writeOff.title', { tag: asset.tag })} centered>
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack>
          <Text>{t('writeOff.message', { item: asset.item_name })}</Text>
          <DateField label={t('fields.disposedOn')} max={today()} {...field('disposed_on')} />
          <ReasonField
            label={t('fields.reason')}
            {...reason}
            error={typeof reason.error === 'string' ? reason.error : undefined}
          />
        </Stack>
        <FormButtons
          onCancel={onClose}
          submit={t('writeOff.confirm')}
          color="red"
          disabled={values.reason.trim().length < 3}
        />
      </form>
    </Modal>
  );
}
