import { Alert, Paper, SimpleGrid, Text } from '@mantine/core';
import { smsPackagesCall } from '@somero/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchData } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import { notificationKeys } from './keys';

export const creditsKey = notificationKeys.credits;

/** The school's SMS credit, read once and refreshed after a send or a purchase. */
export function useCredits() {
  return useQuery({ queryKey: creditsKey, queryFn: () => fetchData(smsPackagesCall, {}).then((r) => r.data) });
}

/** Balance, bought, used and refunded, with a word when messages only go to the log. */
export function CreditSummary() {
  const { t } = useTranslation('notifications');
  const { data } = useCredits();
  if (!data) return null;
  const figures = [
    ['balance', data.balance],
    ['bought', data.bought],
    ['used', data.used],
    ['refunded', data.refunded],
  ] as const;
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 4 }} mb="md">
        {figures.map(([key, value]) => (
          <Paper key={key} withBorder p="sm" data-testid={`credits-${key}`}>
            <Text size="xs" c="dimmed">
              {t(`credits.${key}`)}
            </Text>
            <Text fw={700} size="lg">
              {formatNumber(value)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {data.gateway === 'log' ? (
        <Alert color="yellow" variant="light" mb="md">
          {t('credits.logOnly')}
        </Alert>
      ) : null}
    </>
  );
}
