import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A list or figures that could not be read, with a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={t('common.loadFailed')} role="alert">
      {error instanceof Error ? error.message : null}
      <Button size="xs" variant="light" color="red" mt="sm" display="block" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Alert>
  );
}
