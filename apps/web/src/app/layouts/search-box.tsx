import { CloseButton, Paper, Text, TextInput } from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import type { SignedInUser } from '@somero/contract';
import { IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { can } from '../../lib/access';
import { searchableScreens } from '../menus';
import type { SearchItem } from './search-items';

const maxResults = 8;
const HeaderStudentSearch = lazy(() => import('../../features/students/register/header-student-search'));

/**
 * The header search over screen titles and, for users who may see students, the students themselves:
 * Escape closes it, arrows move, Enter or a click opens the screen or the student's profile.
 */
export function SearchBox({ user, onClose }: { user: SignedInUser; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [students, setStudents] = useState<SearchItem[]>([]);
  const ref = useClickOutside<HTMLElement>(onClose);
  const screens = useMemo(() => searchableScreens(user), [user]);
  // Whoever the payment desk lets find students (GET students takes view_students or pay_fees) finds them
  // here too; the flags are written out so the shell does not load the students' calls.
  const findsStudents = can(user, ['view_students', 'pay_fees']);
  const words = query.trim().toLowerCase();
  const screenItems: SearchItem[] = words
    ? screens
        .filter((s) => s.title.toLowerCase().includes(words))
        .slice(0, maxResults)
        .map((s) => ({ key: s.path, href: s.path, title: s.title, hint: t(`areas.${s.area}`), group: 'screens' }))
    : [];
  const items = words ? [...screenItems, ...students] : [];

  const open = (item: SearchItem) => {
    navigate(item.href);
    onClose();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'ArrowDown' && items.length > 0) {
      event.preventDefault();
      setActive((i) => (i + 1) % items.length);
    } else if (event.key === 'ArrowUp' && items.length > 0) {
      event.preventDefault();
      setActive((i) => (i - 1 + items.length) % items.length);
    } else if (event.key === 'Enter') {
      const target = items[active] ?? items[0];
      if (target) {
        event.preventDefault();
        open(target);
      }
    }
  };

  const entry = (item: SearchItem, index: number) => (
    <Link
      key={item.key}
      to={item.href}
      role="option"
      aria-selected={index === active}
      className="search-result"
      onClick={onClose}
      onMouseEnter={() => setActive(index)}
    >
      <span>{item.title}</span>
      <Text span size="xs" c="dimmed">
        {item.hint}
      </Text>
    </Link>
  );

  return (
    <search className="header-search" ref={ref}>
      <TextInput
        autoFocus
        size="md"
        value={query}
        onChange={(event) => {
          setQuery(event.currentTarget.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        placeholder={findsStudents ? t('search.placeholderStudents') : t('search.placeholder')}
        aria-label={t('search.label')}
        leftSection={<IconSearch size={18} />}
        rightSection={<CloseButton aria-label={t('search.close')} onClick={onClose} />}
        role="combobox"
        aria-expanded={items.length > 0}
        aria-controls="header-search-results"
        aria-autocomplete="list"
      />
      {findsStudents ? (
        <Suspense fallback={null}>
          <HeaderStudentSearch user={user} term={query.trim()} onItems={setStudents} />
        </Suspense>
      ) : null}
      {words ? (
        <Paper className="search-results" shadow="md" withBorder id="header-search-results" role="listbox">
          {items.length === 0 ? (
            <Text size="sm" c="dimmed" p="sm">
              {t('search.nothing')}
            </Text>
          ) : (
            <>
              {screenItems.map((item, i) => entry(item, i))}
              {students.length > 0 ? (
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="xs" role="presentation">
                  {t('search.students')}
                </Text>
              ) : null}
              {students.map((item, i) => entry(item, screenItems.length + i))}
            </>
          )}
        </Paper>
      ) : null}
    </search>
  );
}
