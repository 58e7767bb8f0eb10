import { useDebouncedValue } from '@mantine/hooks';
import { listStudents, routeHref, type SignedInUser } from '@somero/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { SearchItem } from '../../../app/layouts/search-items';
import { can } from '../../../lib/access';
import { fetchData } from '../../../lib/api';
import { studentKeys } from '../keys';

const profilePath = '/students/profile/{id}';
const ledgerPath = '/student/ledger/{id}/{name}';

/** Where a found student opens: the profile, else (a fees-only group) the ledger, else the payment desk. */
const targetOf = (user: SignedInUser, s: { id: number; name: string }) =>
  can(user, 'view_students')
    ? routeHref(profilePath, { id: s.id })
    : can(user, 'view_fees_payments')
      ? routeHref(ledgerPath, { id: s.id, name: s.name })
      : '/fees/pay';
const limit = 6;

/**
 * The students the header search box finds (name, admission number, payment code, guardian phone).
 * Loaded with the box, so the shell does not carry the students' calls; it renders nothing itself.
 */
export default function HeaderStudentSearch({
  user,
  term,
  onItems,
}: {
  user: SignedInUser;
  term: string;
  onItems: (items: SearchItem[]) => void;
}) {
  const [debounced] = useDebouncedValue(term, 250);
  const found = useQuery({
    queryKey: studentKeys.headerSearch(debounced),
    queryFn: () => fetchData(listStudents, { search: debounced, per_page: limit }).then((r) => r.data),
    enabled: debounced.length >= 2,
  });
  const data = debounced.length >= 2 ? found.data : undefined;
  useEffect(() => {
    onItems(
      (data ?? []).map((s) => ({
        key: `student-${s.id}`,
        href: targetOf(user, s),
        title: s.name,
        hint: [s.admission_no, [s.class_name, s.stream_name].filter(Boolean).join(' ')].join(' · '),
        group: 'students' as const,
      })),
    );
  }, [data, onItems, user]);
  return null;
}
