import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSaving } from '../lib/saving';

interface Props {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  onConfirm: () => void;
  onClose: () => void;
}

/** "Are you sure?" before a delete or a change that asks to be confirmed (a message of several lines shows them). */
export function ConfirmDialog({ opened, title, message, confirmLabel, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const saving = useSaving();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Text mb="lg" style={{ whiteSpace: 'pre-line' }}>
        {message}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button color="red" onClick={onConfirm} loading={saving}>
          {confirmLabel ?? t('common.delete')}
        </Button>
      </Group>
    </Modal>
  );
}
