import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSaving } from '../lib/saving';

interface Props {
  onCancel: () => void;
  /** The submit button's text; "Save" unless given. */
  submit?: string;
  color?: string;
}

/** The foot of every modal form: Cancel, and the submit button (busy while anything is saving). */
export function FormButtons({ onCancel, submit, color }: Props) {
  const { t } = useTranslation();
  const saving = useSaving();
  return (
    <Group justify="flex-end" mt="lg">
      <Button variant="default" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" loading={saving} color={color}>
        {submit ?? t('common.save')}
      </Button>
    </Group>
  );
}
