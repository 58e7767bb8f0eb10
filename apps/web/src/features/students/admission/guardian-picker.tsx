import { guardianResource } from '@somero/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceCalls } from '../../../components/resource/calls';
import { type SearchOption, SearchSelect } from '../../../components/search-select';
import { fetchData } from '../../../lib/api';
import { guardianLabel } from './guardian-entry';

type GuardianOption = SearchOption<{ id: number; label: string }>;

const findGuardians = (term: string): Promise<GuardianOption[]> =>
  fetchData(resourceCalls(guardianResource).list, { search: term, per_page: 15 }).then((r) =>
    r.data.map((g) => {
      const label = guardianLabel({
        name: String(g.name),
        relationship: String(g.relationship),
        phone: String(g.phone),
      });
      return { value: String(g.id), label, item: { id: g.id, label } };
    }),
  );

/** Link a guardian already on record (a sibling's parent): search by name, phone, e-mail or NIN. */
export function GuardianPicker({ onPick }: { onPick: (guardian: { id: number; label: string }) => void }) {
  const { t } = useTranslation('students');
  // A new select after each pick, so the box is empty for the next one.
  const [picks, setPicks] = useState(0);
  return (
    <SearchSelect
      key={picks}
      label={t('guardians.existing')}
      placeholder={t('guardians.existingPlaceholder')}
      searchKey="guardians"
      search={findGuardians}
      value={null}
      onChange={(option) => {
        if (!option) return;
        onPick(option.item);
        setPicks((n) => n + 1);
      }}
      w={360}
    />
  );
}
