import { Anchor, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { copyFeesStructure, getFeesStructure, type structureClass } from '@somero/contract';
import { IconCopy } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-title';
import { api, fetchData } from '../../lib/api';
import { useCurrentSettings } from '../../lib/current-settings';
import { formatMoney, formatNumber } from '../../lib/format';
import { useSaving } from '../../lib/saving';
import { feesSetupKeys } from './keys';
import { nextTerm, type Term, TermPicker, termLabel } from './term-picker';

type ClassFees = z.infer<typeof structureClass>;

const sectionWord: Record<string, string> = { day: 'day', boarding: 'boarding' };

/** "Tuition 450,000 day · 850,000 boarding", new-entrant and international lines marked. */
function categoryText(c: ClassFees['categories'][number]) {
  const parts = c.lines.map((l) => {
    const notes = [
      sectionWord[l.section],
      l.entrants === 'new' ? 'new' : undefined,
      l.nationality === 'international' ? 'non-Ugandan' : l.nationality === 'national' ? 'Ugandan' : undefined,
    ].filter(Boolean);
    return `${formatNumber(l.amount)}${notes.length ? ` ${notes.join(', ')}` : ''}`;
  });
  return `${c.category_name} ${parts.join(' · ')}`;
}

/**
 * /fees/structure: what each class pays in a term — a returning day and boarding student, and a new
 * entrant — with each category's lines; the bursar copies a term's structure to the next one.
 */
export default function FeesStructureScreen() {
  const { t } = useTranslation('fees-setup');
  const queryClient = useQueryClient();
  const settings = useCurrentSettings();
  const [term, setTerm] = useState<Term | null>(null);
  const [copying, setCopying] = useState<Term | null>(null);
  const saving = useSaving();
  useEffect(() => {
    if (!term && settings.data) setTerm({ year: settings.data.year, term: settings.data.term });
  }, [settings.data, term]);

  const structure = useQuery({
    queryKey: feesSetupKeys.structure(term),
    queryFn: () => fetchData(getFeesStructure, term ?? {}).then((r) => r.data),
    enabled: term !== null,
  });
  const classes = structure.data?.classes ?? [];

  const copy = async () => {
    if (!term || !copying) return;
    const result = await api(
      copyFeesStructure,
      { from_year: term.year, from_term: term.term, to_year: copying.year, to_term: copying.term },
      { refusalAsSuccess: true },
    );
    if (result.ok) {
      void queryClient.invalidateQueries({ queryKey: feesSetupKeys.structureAll });
      setTerm(copying);
      setCopying(null);
    }
  };

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <Button
            leftSection={<IconCopy size={16} />}
            disabled={!term || classes.length === 0}
            onClick={() => term && setCopying(nextTerm(term))}
          >
            {t('structure.copy')}
          </Button>
        }
      />
      <Paper withBorder p="md">
        <Group justify="space-between" align="flex-end" mb="md">
          <TermPicker value={term} onChange={setTerm} />
          <Text size="sm" c="dimmed">
            {t('structure.hint')}{' '}
            <Anchor component={Link} to="/fees/breakdowns">
              {t('structure.editLines')}
            </Anchor>
          </Text>
        </Group>
        <DataTable
          query={term ? structure : undefined}
          rows={classes}
          rowKey={(c) => c.class_id}
          minWidth={980}
          empty={term ? t('structure.none', { term: termLabel(term) }) : t('common.loading')}
          rowProps={(c) => ({ 'data-class': c.class_name })}
          columns={[
            { key: 'class_name', label: t('structure.class'), width: 80 },
            {
              key: 'categories',
              label: t('structure.categories'),
              render: (c) => (
                <Stack gap={0}>
                  {c.categories.map((cat) => (
                    <Text key={cat.category_id} size="sm">
                      {categoryText(cat)}
                    </Text>
                  ))}
                </Stack>
              ),
            },
            { key: 'day_total', label: t('structure.day'), numeric: true, render: (c) => formatMoney(c.day_total) },
            {
              key: 'boarding_total',
              label: t('structure.boarding'),
              numeric: true,
              render: (c) => formatMoney(c.boarding_total),
            },
            {
              key: 'new_day_total',
              label: t('structure.newDay'),
              numeric: true,
              render: (c) => formatMoney(c.new_day_total),
            },
            {
              key: 'new_boarding_total',
              label: t('structure.newBoarding'),
              numeric: true,
              render: (c) => formatMoney(c.new_boarding_total),
            },
          ]}
        />
      </Paper>
      <Modal opened={copying !== null} onClose={() => setCopying(null)} title={t('structure.copyTitle')} centered>
        {term && copying ? (
          <Stack>
            <Text>{t('structure.copyBody', { from: termLabel(term) })}</Text>
            <TermPicker
              value={copying}
              onChange={setCopying}
              yearLabel={t('structure.toYear')}
              termLabel={t('structure.toTerm')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setCopying(null)}>
                {t('common.cancel')}
              </Button>
              <Button onClick={() => void copy()} loading={saving}>
                {t('structure.copyTo', { term: termLabel(copying) })}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </div>
  );
}
