import { Button, Text } from '@mantine/core';
import { homePath } from '@somero/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from './auth-card';

/** Not found, server error and maintenance: the title, one sentence and the way back. */
export function StatusPage({ textKey }: { textKey: string }) {
  const { t } = useTranslation();
  return (
    <AuthCard>
      <Text c="dimmed">{t(textKey)}</Text>
      <Button component={Link} to={homePath} variant="light">
        {t('status.home')}
      </Button>
    </AuthCard>
  );
}
