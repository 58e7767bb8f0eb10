import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function CenteredLoader({ height = 240 }: { height?: number | string }) {
  const { t } = useTranslation();
  return (
    <Center h={height}>
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}
