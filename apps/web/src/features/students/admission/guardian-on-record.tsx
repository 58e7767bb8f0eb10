import { Anchor, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { guardianResource, normalisePhone } from '@somero/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { resourceCalls } from '../../../components/resource/calls';
import { fetchData } from '../../../lib/api';
import { studentKeys } from '../keys';
import { guardianLabel } from './guardian-entry';

/**
 * Under a new guardian's phone: when the number is already a guardian's of the school (a sibling's
 * parent), offer that guardian instead of a duplicate. Found with the guardians search, which compares
 * digits, and matched on the one stored form (+256…).
 */
export function GuardianOnRecord({
  phone,
  onUse,
}: {
  phone: string;
  onUse: (guardian: { id: number; label: string }) => void;
}) {
  const { t } = useTranslation('students');
  const [settled] = useDebouncedValue(normalisePhone(phone), 400);
  const found = useQuery({
    queryKey: studentKeys.guardianOnRecord(settled),
    enabled: settled !== null,
    queryFn: () => fetchData(resourceCalls(guardianResource).list, { search: String(settled), per_page: 5 }),
  });
  if (!settled || settled !== normalisePhone(phone)) return null;
  const match = found.data?.data.find(
    (g) => normalisePhone(String(g.phone)) === settled || normalisePhone(String(g.alt_phone ?? '')) === settled,
  );
  if (!match) return null;
  const label = guardianLabel({
    name: String(match.name),
    relationship: String(match.relationship),
    phone: String(match.phone),
  });
  return (
    <Text size="sm" mt="xs" role="status">
      {t('guardians.onRecord', { name: String(match.name) })}{' '}
      <Anchor component="button" type="button" size="sm" onClick={() => onUse({ id: Number(match.id), label })}>
        {t('guardians.useOnRecord')}
      </Anchor>
    </Text>
  );
}
