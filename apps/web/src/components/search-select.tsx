import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

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

/** A select that searches the server as you type, for lists too long to load whole (students, guardians). */
export function SearchSelect<T>({ searchKey, search, value, onChange, ...props }: Props<T>) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(value?.label ?? '');
  const [term] = useDebouncedValue(typed.trim(), 250);
  const searching = term.length >= minLength && term !== value?.label;
  const results = useQuery({
    queryKey: [searchKey, 'search', term],
    queryFn: () => search(term),
    enabled: searching,
  });
  const options = useMemo(() => {
    const found = searching ? (results.data ?? []) : [];
    return value && !found.some((o) => o.value === value.value) ? [value, ...found] : found;
  }, [searching, results.data, value]);

  return (
    <Select
      searchable
      clearable
      {...props}
      data={options.map((o) => ({ value: o.value, label: o.label }))}
      value={value?.value ?? null}
      onChange={(next) => onChange(options.find((o) => o.value === next) ?? null)}
      searchValue={typed}
      onSearchChange={setTyped}
      // The server has already filtered; the select shows what it answered.
      filter={({ options: all }) => all}
      nothingFoundMessage={
        term.length < minLength ? t('picker.typeMore') : results.isFetching ? t('common.loading') : t('picker.nothing')
      }
    />
  );
}
