import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { receiveRequirements, requirementsInStore } from '@somero/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { api, fetchData } from '../../lib/api';
import { formatNumber } from '../../lib/format';

/**
 * What students brought as this term's requirements, what the store has received of each, and one
 * step that takes in what waits. A requirement with no store item of its name waits until one is added.
 */
export function RequirementsStep({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('store');
  // On a phone the list fills the screen, all four columns fit, and the buttons stay in view below it.
  const phone = useMediaQuery('(max-width: 36em)');
  const query = useQuery({ queryKey: ['requirements-in-store'], queryFn: () => fetchData(requirementsInStore, {}) });
  const data = query.data?.data;
  const waiting = data?.rows.filter((r) => r.store_item_id !== null && r.to_receive > 0).length ?? 0;
  const receive = async () => {
    const result = await api(receiveRequirements, { year: data?.year, term: data?.term });
    if (result.ok) onSaved();
  };
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
            { key: 'item', label: t('fields.item') },
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
              render: (r) =>
                r.store_item_id === null ? (
                  <Text size="xs" c="orange">
                    {t('requirements.noItem')}
                  </Text>
                ) : (
                  formatNumber(r.to_receive)
                ),
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
