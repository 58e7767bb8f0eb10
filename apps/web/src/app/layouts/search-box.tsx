import { CloseButton, Paper, Text, TextInput } from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import type { SignedInUser } from '@somero/contract';
import { IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { searchableScreens } from '../menus';

const maxResults = 8;

/** The header search over screen titles: Escape closes it, Enter or a click opens the screen. */
export function SearchBox({ user, onClose }: { user: SignedInUser; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const ref = useClickOutside<HTMLElement>(onClose);
  const screens = useMemo(() => searchableScreens(user), [user]);
  const words = query.trim().toLowerCase();
  const matches = words ? screens.filter((s) => s.title.toLowerCase().includes(words)).slice(0, maxResults) : [];

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'ArrowDown' && matches.length > 0) {
      event.preventDefault();
      setActive((i) => (i + 1) % matches.length);
    } else if (event.key === 'ArrowUp' && matches.length > 0) {
      event.preventDefault();
      setActive((i) => (i - 1 + matches.length) % matches.length);
    } else if (event.key === 'Enter') {
      const target = matches[active] ?? matches[0];
      if (target) {
        event.preventDefault();
        navigate(target.path);
        onClose();
      }
    }
  };

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
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        leftSection={<IconSearch size={18} />}
        rightSection={<CloseButton aria-label={t('search.close')} onClick={onClose} />}
        role="combobox"
        aria-expanded={matches.length > 0}
        aria-controls="header-search-results"
        aria-autocomplete="list"
      />
      {words ? (
        <Paper className="search-results" shadow="md" withBorder id="header-search-results" role="listbox">
          {matches.length === 0 ? (
            <Text size="sm" c="dimmed" p="sm">
              {t('search.nothing')}
            </Text>
          ) : (
            matches.map((screen, index) => (
              <Link
                key={screen.path}
                to={screen.path}
                role="option"
                aria-selected={index === active}
                className="search-result"
                onClick={onClose}
                onMouseEnter={() => setActive(index)}
              >
                <span>{screen.title}</span>
                <Text span size="xs" c="dimmed">
                  {t(`areas.${screen.area}`)}
                </Text>
              </Link>
            ))
          )}
        </Paper>
      ) : null}
    </search>
  );
}
