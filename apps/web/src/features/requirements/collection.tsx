import { Group, Paper, SegmentedControl, Select, Text, TextInput } from '@mantine/core';
import { requirementGrid } from '@somero/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-title';
import { fetchData } from '../../lib/api';
import { CollectionGrid, type Mode } from './collection-grid';
import { requirementKeys } from './keys';
import { type TermChoice, TermFields } from './term-fields';

/**
 * /requirements/collection: choose a class and term, then tick off what each student brought on a
 * grid typed like the marks sheet. Arrears from earlier terms show in the same cells.
 */
export default function CollectionScreen() {
  const { t } = useTranslation('requirements');
  const [choice, setChoice] = useState<TermChoice>({ year: null, term: null, class_id: null });
  const [section, setSection] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [mode, setMode] = useState<Mode>('brought');
  const onChange = useCallback((next: TermChoice) => setChoice(next), []);
  const ready = choice.class_id && choice.year && choice.term;
  const body = {
    class_id: choice.class_id as number,
    year: choice.year ?? undefined,
    term: choice.term ?? undefined,
    section: (section ?? undefined) as 'day' | 'boarding' | undefined,
    search: search.trim() || undefined,
  };
  const grid = useQuery({
    queryKey: requirementKeys.grid(body),
    queryFn: () => fetchData(requirementGrid, body).then((r) => r.data),
    enabled: Boolean(ready),
    placeholderData: keepPreviousData,
  });
  return (
    <div data-screen-status="built">
      <PageHeader />
      <Paper withBorder p="md" mb="md">
        <Group align="flex-end" wrap="wrap">
          <TermFields value={choice} onChange={onChange} classRequired />
          <Select
            label={t('fields.section')}
            w={170}
            clearable
            placeholder={t('fields.bothSections')}
            data={[
              { value: 'day', label: t('sections.day') },
              { value: 'boarding', label: t('sections.boarding') },
            ]}
            value={section}
            onChange={setSection}
          />
          <TextInput
            label={t('fields.search')}
            w={200}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          <SegmentedControl
            aria-label={t('grid.mode')}
            value={mode}
            onChange={(m) => setMode(m as Mode)}
            data={[
              { value: 'brought', label: t('grid.brought') },
              { value: 'paid', label: t('grid.paid') },
            ]}
          />
        </Group>
      </Paper>
      {!ready ? (
        <Text c="dimmed">{t('grid.choose')}</Text>
      ) : grid.isError ? (
        <LoadError error={grid.error} onRetry={() => void grid.refetch()} />
      ) : grid.data ? (
        <CollectionGrid grid={grid.data} mode={mode} onReload={() => void grid.refetch()} />
      ) : null}
    </div>
  );
}
