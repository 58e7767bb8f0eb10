import { Select, Stack, Text } from '@mantine/core';
import { listTermDates, now } from '@somero/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../components/centered-loader';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-title';
import { can } from '../../lib/access';
import { fetchData } from '../../lib/api';
import { useUser } from '../../lib/auth';
import { currentSettingsKey, useCurrentSettings } from '../../lib/current-settings';
import { settingsKeys } from './keys';
import { TermRow } from './term-row';

/** /term/dates: a year's three terms (made from the Ministry calendar the first time a year is opened). */
export default function TermDatesScreen() {
  const { t } = useTranslation('settings');
  const user = useUser();
  const queryClient = useQueryClient();
  const current = useCurrentSettings();
  const [picked, setPicked] = useState<number>();
  const year = picked ?? current.data?.year;
  const terms = useQuery({
    queryKey: settingsKeys.termDates(year),
    queryFn: () => fetchData(listTermDates, { year }).then((r) => r.data),
    enabled: year !== undefined,
  });
  const editable = can(user, 'general_settings');
  const base = current.data?.year ?? now().getFullYear();
  const years = Array.from({ length: 7 }, (_, i) => String(base - 3 + i));

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <Select
            aria-label={t('terms.year')}
            w={120}
            data={years}
            value={year === undefined ? null : String(year)}
            onChange={(v) => v && setPicked(Number(v))}
            allowDeselect={false}
          />
        }
      />
      {current.data ? (
        <Text c="dimmed" size="sm" mb="md">
          {t('terms.current', { label: current.data.label })}
        </Text>
      ) : null}
      {terms.isPending ? (
        <CenteredLoader />
      ) : terms.isError ? (
        <LoadError error={terms.error} onRetry={() => void terms.refetch()} />
      ) : (
        <Stack>
          {terms.data.map((term) => (
            <TermRow
              key={`${term.id}-${term.opens_on}-${term.closes_on}-${term.next_term_begins}`}
              term={term}
              editable={editable}
              onSaved={() => {
                void queryClient.invalidateQueries({ queryKey: settingsKeys.termDatesAll });
                void queryClient.invalidateQueries({ queryKey: currentSettingsKey });
              }}
            />
          ))}
        </Stack>
      )}
    </div>
  );
}
