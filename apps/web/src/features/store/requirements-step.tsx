import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { linkRequirementItem, receiveRequirements, requirementsInStore } from '@somero/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { api, fetchData } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import { useStoreChoices } from './forms';
import { storeKeys } from './keys';

/**
 * What students brought as this term's requirements, what the store has received of each, and one
 * step that takes in what waits. Each requirement goes to the store item of its name unless the store
 * keeper links it to another ("Ream of paper" to "Photocopy paper"); the link is kept for later terms.
 */
export function RequirementsStep({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('store');
  // On a phone the list fills the screen, its four columns fit, and the buttons stay in view below it.
  const phone = useMediaQuery('(max-width: 36em)');
  const query = useQuery({
    queryKey: storeKeys.requirementsInStore,
    queryFn: () => fetchData(requirementsInStore, {}),
  });
  const data = query.data?.data;
  const items = useStoreChoices()?.items ?? [];
  const link = async (requirement: string, itemId: string | null) => {
    const result = await api(linkRequirementItem, { requirement, store_item_id: itemId ? Number(itemId) : null });
    if (result.ok) void query.refetch();
  };
  const waiting = data?.rows.filter((r) => r.store_item_id !== null && r.to_receive > 0).length ?? 0;
  const receive = async () => {
    const result = await api(receiveRequirements, { year: data?.year, term: data?.term });
    if (result.ok) onSaved();
  };
  type Row = NonNullable<typeof data>['rows'][number];
  const storeItem = (r: Row) => (
    <Select
      size="xs"
      searchable
      clearable={r.linked}
      aria-label={t('requirements.storeItemOf', { item: r.item })}
      placeholder={t(phone ? 'requirements.noItemShort' : 'requirements.noItem')}
      data={items.map((i) => ({ value: String(i.id), label: i.name }))}
      value={r.store_item_id === null ? null : String(r.store_item_id)}
      onChange={(v) => void link(r.item, v)}
      error={r.store_item_id === null ? true : undefined}
      miw={phone ? 110 : 150}
    />
  );
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      centered
      fullScreen={phone}
      title={data ? t('requirements.title', { term: data.term, year: data.year }) : t('requirements.action')}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          {t('requirements.help')}
        </Text>
        <DataTable
          query={query}
          rows={data?.rows}
          empty={t('requirements.none')}
          minWidth={320}
          rowProps={(r) => ({ 'data-item': r.item })}
          columns={[
            // On a phone the store item is chosen under the requirement's name, so the three figures stay in view.
            phone
              ? {
                  key: 'item',
                  label: t('requirements.requirement'),
                  render: (r) => (
                    <Stack gap={4}>
                      <Text size="sm">{r.item}</Text>
                      {storeItem(r)}
                    </Stack>
                  ),
                }
              : { key: 'item', label: t('requirements.requirement') },
            ...(phone ? [] : [{ key: 'store_item', label: t('requirements.storeItem'), render: storeItem }]),
            {
              key: 'collected',
              label: t('requirements.collected'),
              numeric: true,
              render: (r) => formatNumber(r.collected),
            },
            {
              key: 'received',
              label: t('requirements.received'),
              numeric: true,
              render: (r) => formatNumber(r.received),
            },
            {
              key: 'to_receive',
              label: t('requirements.waiting'),
              numeric: true,
              render: (r) => formatNumber(r.to_receive),
            },
          ]}
        />
        <Group justify="flex-end" pos="sticky" bottom={0} py="xs" bg="var(--mantine-color-body)" style={{ zIndex: 1 }}>
          <Button variant="default" onClick={onClose}>
            {t('requirements.close')}
          </Button>
          <Button disabled={!waiting} onClick={() => void receive()}>
            {t('requirements.receive', { count: waiting })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
