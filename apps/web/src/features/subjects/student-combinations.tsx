import { Button, Group, Select, Table, Text } from '@mantine/core';
import { assignCombinations, classCombinations } from '@somero/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../components/centered-loader';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-title';
import { useReferenceOptions } from '../../components/resource/reference-options';
import { api, fetchData } from '../../lib/api';
import { useSaving } from '../../lib/saving';
import { type ClassChoice, ClassPicker } from './class-picker';
import { subjectKeys } from './keys';

type Picks = Record<number, number | null>;

/**
 * /students/combination: an S5 or S6 class's students, each with a combination picker; a row saves on
 * its own, or every changed row at once.
 */
export default function StudentCombinations() {
  const { t } = useTranslation('subjects');
  const [choice, setChoice] = useState<ClassChoice>({});
  const [picks, setPicks] = useState<Picks>({});
  const saving = useSaving();
  const { options } = useReferenceOptions('combinations');
  const combinationOptions = options.map(({ value, label }) => ({ value, label }));
  const roster = useQuery({
    queryKey: subjectKeys.combinations(choice),
    queryFn: () => fetchData(classCombinations, choice as never).then((r) => r.data),
    enabled: Boolean(choice.class_id),
  });
  const data = choice.class_id ? roster.data : undefined;
  useEffect(() => setPicks(Object.fromEntries((data ?? []).map((s) => [s.id, s.combination_id]))), [data]);
  const changed = (data ?? []).filter((s) => (picks[s.id] ?? null) !== s.combination_id);

  const save = async (rows: typeof changed) => {
    if (!rows.length) return;
    const result = await api(assignCombinations, {
      choices: rows.map((s) => ({ student_id: s.id, combination_id: picks[s.id] ?? null })),
    });
    if (result.ok) await roster.refetch();
  };

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          data?.length ? (
            <Button onClick={() => void save(changed)} loading={saving} disabled={!changed.length}>
              {t('saveAll')}
            </Button>
          ) : null
        }
      />
      <ClassPicker value={choice} onChange={setChoice} level="alevel" />
      {!choice.class_id ? (
        <Text c="dimmed">{t('pickCombinationClass')}</Text>
      ) : roster.isError ? (
        <LoadError error={roster.error} onRetry={() => void roster.refetch()} />
      ) : !data ? (
        <CenteredLoader />
      ) : !data.length ? (
        <Text c="dimmed">{t('noStudents')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('student')}</Table.Th>
                <Table.Th>{t('combination')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((s) => {
                const dirty = (picks[s.id] ?? null) !== s.combination_id;
                return (
                  <Table.Tr key={s.id} data-student={s.name}>
                    <Table.Td>
                      <Text size="sm">{s.name}</Text>
                      <Text size="xs" c="dimmed">
                        {s.admission_no}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={`${t('combination')}: ${s.name}`}
                        placeholder={t('noCombination')}
                        data={combinationOptions}
                        value={picks[s.id] ? String(picks[s.id]) : null}
                        onChange={(v) => setPicks((all) => ({ ...all, [s.id]: v ? Number(v) : null }))}
                        clearable
                        searchable
                        w={160}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Group justify="flex-end">
                        <Button size="xs" variant="light" disabled={!dirty} onClick={() => void save([s])}>
                          {t('save')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </div>
  );
}
