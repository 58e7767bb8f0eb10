import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Call } from '@somero/contract';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type CallInput, fetchData } from '../lib/api';

/**
 * A list the server pages: the page, the query (the rows already shown stay while the next page loads),
 * the `paging` a DataTable takes, and a reload of every page. The list goes back to page 1 whenever the
 * filters change. `key` names the list in the query cache; a reload refreshes everything under it.
 */
export function usePagedList<C extends Call>(
  key: readonly unknown[],
  call: C,
  filters: Omit<CallInput<C>, 'page' | 'per_page'>,
  { perPage, enabled = true }: { perPage: number; enabled?: boolean },
) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const filtersKey = JSON.stringify(filters);
  const [shownFor, setShownFor] = useState(filtersKey);
  if (shownFor !== filtersKey) {
    // Set during render (React's way to follow a changed value): no request goes out for the old page.
    setShownFor(filtersKey);
    setPage(1);
  }
  const list = useQuery({
    queryKey: [...key, page, filters],
    queryFn: () => fetchData(call, { ...filters, page, per_page: perPage } as CallInput<C>),
    placeholderData: keepPreviousData,
    enabled,
  });
  return {
    list,
    page,
    paging: { page, perPage, total: list.data?.total ?? 0, onChange: setPage },
    reload: () => void queryClient.invalidateQueries({ queryKey: [...key] }),
  };
}

/** What is typed in a list's search box, and the same text once typing has paused (what is sent). */
export function useSearch() {
  const [text, setText] = useState('');
  const [settled] = useDebouncedValue(text.trim(), 300);
  return { text, setText, term: settled || undefined };
}

/** A list's search box, with the magnifier. */
export function SearchField({
  search,
  label,
  placeholder,
  w = 260,
}: {
  search: ReturnType<typeof useSearch>;
  label: string;
  placeholder?: string;
  w?: number;
}) {
  return (
    <TextInput
      w={w}
      label={label}
      leftSection={<IconSearch size={16} />}
      placeholder={placeholder}
      value={search.text}
      onChange={(e) => search.setText(e.currentTarget.value)}
    />
  );
}
