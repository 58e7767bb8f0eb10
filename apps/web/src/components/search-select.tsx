import { Select, type SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sharedKeys } from '../lib/query-keys';

export interface SearchOption<T> {
  value: string;
  label: string;
  item: T;
}

interface Props<T> extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> {
  /** Names the searches in the query cache. */
  searchKey: string;
  /** The server search: called with at least two characters. */
  search: (term: string) => Promise<SearchOption<T>[]>;
  value: SearchOption<T> | null;
  onChange: (option: SearchOption<T> | null) => void;
}

const minLength = 2;
/** Typing pauses this long before the server is asked. */
const debounceMs = 250;

/**
 * A select that searches the server as you type, for lists too long to load whole (students, guardians).
 * It only ever offers the results of the text in the box: while the search for newer text is waiting or in
 * flight the list is empty ("Loading…"), so a fast Enter or arrow key can never take a row of an earlier
 * search. An Enter pressed then waits: the search goes at once, and when its results land the first is
 * taken (what ArrowDown and Enter take), unless the text has changed meanwhile.
 */
export function SearchSelect<T>({ searchKey, search, value, onChange, onKeyDown, ...props }: Props<T>) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(value?.label ?? '');
  const text = typed.trim();
  // The text last sent to the server: follows the box after a pause, at once on Enter.
  const [term, setTerm] = useState(text);
  useEffect(() => {
    if (term === text) return;
    const timer = setTimeout(() => setTerm(text), debounceMs);
    return () => clearTimeout(timer);
  }, [text, term]);
  const wanted = text.length >= minLength && text !== value?.label;
  const results = useQuery({
    queryKey: sharedKeys.search(searchKey, term),
    queryFn: () => search(term),
    enabled: term.length >= minLength && term !== value?.label,
  });
  // The results on hand are those of the text in the box (not of the text before the last keys).
  const fresh = wanted && term === text && results.isSuccess;
  const options = useMemo(() => {
    const found = fresh ? (results.data ?? []) : [];
    return value && text === value.label && !found.some((o) => o.value === value.value) ? [value, ...found] : found;
  }, [fresh, results.data, value, text]);

  const [opened, setOpened] = useState(false);
  // An Enter pressed before the results of this text came: taken when they land.
  const waiting = useRef<string | null>(null);
  useEffect(() => {
    if (waiting.current === null) return;
    if (waiting.current !== text) {
      waiting.current = null;
      return;
    }
    if (!fresh) return;
    waiting.current = null;
    const first = results.data?.[0];
    if (first) {
      onChange(first);
      setOpened(false);
    }
  }, [fresh, text, results.data, onChange]);

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.key !== 'Enter' || !wanted || fresh) return;
    // Not the form's Enter either: the bursar meant to pick a student of this text.
    event.preventDefault();
    waiting.current = text;
    setTerm(text);
  };

  const hint =
    text.length < minLength ? t('picker.typeMore') : wanted && !fresh ? t('common.loading') : t('picker.nothing');
  return (
    <Select
      searchable
      clearable
      {...props}
      // With nothing to offer, the hint ("Type at least two letters", "Loading", "Nothing found") is one
      // disabled option: a list box holds options only (WCAG), and a disabled one cannot be taken.
      data={options.length > 0 ? options.map((o) => ({ value: o.value, label: o.label })) : [hintOption(hint)]}
      value={value?.value ?? null}
      onChange={(next) => onChange(options.find((o) => o.value === next) ?? null)}
      searchValue={typed}
      onSearchChange={setTyped}
      onKeyDown={keyDown}
      dropdownOpened={opened}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      // The server has already filtered; the select shows what it answered.
      filter={({ options: all }) => all}
    />
  );
}

const hintValue = '\u0000hint';
const hintOption = (label: string) => ({ value: hintValue, label, disabled: true });
