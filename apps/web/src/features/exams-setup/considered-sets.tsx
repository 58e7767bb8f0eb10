import { Alert, Button, Checkbox, Group, NumberInput, Paper, Stack, Table, Text } from '@mantine/core';
import { saveConsideredSets, viewConsideredSets } from '@somero/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../components/centered-loader';
import { EmptyRow } from '../../components/empty-row';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-title';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { api, fetchData } from '../../lib/api';
import { useCurrentSettings } from '../../lib/current-settings';
import { examSetupKeys } from './keys';
import { TermFields } from './term-fields';

type Choice = Record<number, { considered: boolean; weight: number }>;

/**
 * /exams/considered/sets: which exam sets count this term for a class (or all classes) and their
 * weights, which must total 100; the missing-mark policy in force is stated beside them.
 */
export default function ConsideredSetsScreen() {
  const { t } = useTranslation('exams-setup');
  const settings = useCurrentSettings();
  const queryClient = useQueryClient();
  const [term, setTerm] = useState<{ year: number; term: number } | null>(null);
  const [classId, setClassId] = useState<number | null>(null);
  useEffect(() => {
    if (!term && settings.data) setTerm({ year: settings.data.year, term: settings.data.term });
  }, [settings.data, term]);
  const input = term ? { ...term, class_id: classId } : null;
  const key = examSetupKeys.consideredSets(input);
  const view = useQuery({
    queryKey: key,
    enabled: input !== null,
    queryFn: () => fetchData(viewConsideredSets, input!).then((r) => r.data),
  });
  const [choice, setChoice] = useState<Choice>({});
  useEffect(() => {
    if (view.data)
      setChoice(
        Object.fromEntries(view.data.sets.map((s) => [s.exam_set_id, { considered: s.considered, weight: s.weight }])),
      );
  }, [view.data]);
  const sets = view.data?.sets ?? [];
  const total = sets.reduce((n, s) => n + (choice[s.exam_set_id]?.considered ? choice[s.exam_set_id].weight : 0), 0);

  const save = async () => {
    if (!input) return;
    const chosen = sets
      .filter((s) => choice[s.exam_set_id]?.considered)
      .map((s) => ({ exam_set_id: s.exam_set_id, weight: choice[s.exam_set_id].weight }));
    const result = await api(saveConsideredSets, { ...input, sets: chosen });
    if (result.ok) queryClient.setQueryData(key, result.data);
  };

  return (
    <div data-screen-status="built">
      <PageHeader />
      <Paper withBorder p="md" mb="md">
        <Group gap="sm" align="flex-end">
          <TermFields value={term} onChange={setTerm} />
          <ReferenceSelect
            label={t('considered.class')}
            placeholder={t('considered.allClasses')}
            references="classes"
            w={180}
            value={classId}
            onChange={setClassId}
          />
        </Group>
      </Paper>
      {view.isError ? <LoadError error={view.error} onRetry={() => view.refetch()} /> : null}
      {view.isPending && input ? <CenteredLoader /> : null}
      {view.data ? (
        <Stack gap="sm">
          <Alert color="blue" data-testid="missing-policy">
            {t(`considered.policy.${view.data.missing_marks}`)} {t('considered.policyWhere')}
          </Alert>
          <Text size="sm" c="dimmed" data-testid="considered-source">
            {t(`considered.source.${view.data.source}`)}
          </Text>
          <Paper withBorder p="md">
            <Table maw={640}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('considered.counts')}</Table.Th>
                  <Table.Th>{t('considered.set')}</Table.Th>
                  <Table.Th>{t('considered.maxMark')}</Table.Th>
                  <Table.Th>{t('considered.weight')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sets.length === 0 ? <EmptyRow colSpan={4}>{t('considered.none')}</EmptyRow> : null}
                {sets.map((s) => {
                  const c = choice[s.exam_set_id] ?? { considered: false, weight: 0 };
                  const set = (next: Partial<typeof c>) => setChoice({ ...choice, [s.exam_set_id]: { ...c, ...next } });
                  return (
                    <Table.Tr key={s.exam_set_id} data-set={s.name}>
                      <Table.Td>
                        <Checkbox
                          aria-label={t('considered.countsOf', { name: s.name })}
                          checked={c.considered}
                          onChange={(e) => set({ considered: e.currentTarget.checked })}
                        />
                      </Table.Td>
                      <Table.Td>{s.name}</Table.Td>
                      <Table.Td>{s.max_mark}</Table.Td>
                      <Table.Td>
                        <NumberInput
                          aria-label={t('considered.weightOf', { name: s.name })}
                          w={100}
                          min={0}
                          max={100}
                          allowDecimal={false}
                          suffix="%"
                          disabled={!c.considered}
                          value={c.weight}
                          onChange={(v) => set({ weight: Number(v) || 0 })}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th colSpan={3}>{t('considered.total')}</Table.Th>
                  <Table.Th data-testid="weights-total" c={total === 100 ? undefined : 'red'}>
                    {total}%
                  </Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Paper>
          <Group>
            <Button onClick={() => void save()}>{t('save')}</Button>
          </Group>
        </Stack>
      ) : null}
    </div>
  );
}
