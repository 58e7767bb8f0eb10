import { Alert, Stack, Text } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-title';
import { useScreen } from '../../components/screen-context';

/** Every route not built yet: it names the screen and its area, and says so plainly. */
export default function PlannedScreen() {
  const { t } = useTranslation();
  const route = useScreen();
  const area = t(`areas.${route.area}`);
  return (
    <Stack data-screen-status="planned" data-area={route.area}>
      <PageHeader />
      <Alert color="gray" icon={<IconTools size={18} />} title={t('planned.title')}>
        <Text size="sm">{t('planned.body', { title: route.title, area })}</Text>
      </Alert>
    </Stack>
  );
}
