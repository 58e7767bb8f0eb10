import { Button } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSaving } from '../../lib/saving';

/** "Save 3 comments": saves the comments changed on a comments screen; idle while none changed. */
export function SaveComments({ count, onSave }: { count: number; onSave: () => Promise<void> }) {
  const { t } = useTranslation('report-cards');
  const saving = useSaving();
  return (
    <Button
      leftSection={<IconDeviceFloppy size={16} />}
      onClick={() => void onSave()}
      loading={saving}
      disabled={count === 0}
    >
      {t('saveComments', { count })}
    </Button>
  );
}
