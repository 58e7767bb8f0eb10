import { Button, Group, type MantineSpacing } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSaving } from '../lib/saving';

interface Props {
  onCancel: () => void;
  /** The submit button's text; "Save" unless given. */
  submit?: string;
  color?: string;
  /** The submit button greyed out (e.g. until a reason is long enough). */
  disabled?: boolean;
  /** The space above the buttons; 0 inside a Stack, whose gap spaces them already. */
  mt?: MantineSpacing | 0;
}

/** The foot of every modal form: Cancel, and the submit button (busy while anything is saving). */
export function FormButtons({ onCancel, submit, color, disabled, mt = 'lg' }: Props) {
  const { t } = useTranslation();
  const saving = useSaving();
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" loading={saving} color={color} disabled={disabled}>
        {submit ?? t('common.save')}
      </Button>
    </Group>
  );
}
