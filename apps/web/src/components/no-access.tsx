import { Alert, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './page-title';

/** Shown instead of a screen whose flag the user's group does not hold. */
export function NoAccess() {
  const { t } = useTranslation();
  return (
    <Stack data-screen-status="no-access">
      <PageHeader />
      <Alert color="orange" icon={<IconLock size={18} />} title={t('noAccess.title')}>
        {t('noAccess.body')}
      </Alert>
    </Stack>
  );
}
