import { Button, Group, Paper, Select, Table } from '@mantine/core';
import { curricula, getCurriculum, levels, setCurriculum } from '@somero/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../components/centered-loader';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-title';
import { referenceKey } from '../../components/resource/calls';
import { api, fetchData } from '../../lib/api';
import { useSaving } from '../../lib/saving';
import { settingsKeys } from './keys';

type Curriculum = (typeof curricula)[number]['value'];

/** O Level classes follow the new or the old curriculum; A Level classes the A Level one. */
const choicesFor = (level: string) =>
  curricula.filter((c) => (level === 'alevel' ? c.value === 'alevel' : c.value !== 'alevel'));

/** /curriculum: each class with the curriculum it follows, saved together (POST curriculum). */
export default function CurriculumScreen() {
  const { t } = useTranslation('settings');
  const saving = useSaving();
  const queryClient = useQueryClient();
  const rows = useQuery({
    queryKey: settingsKeys.curriculum,
    queryFn: () => fetchData(getCurriculum, {}).then((r) => r.data),
  });
  const [changes, setChanges] = useState<Record<number, Curriculum>>({});

  // The server first says what the change does (marks, report cards) and asks; confirmed, it is made.
  const [question, setQuestion] = useState<string | null>(null);
  const save = async (confirm = false) => {
    if (!rows.data) return;
    const classes = rows.data.map((c) => ({ id: c.id, curriculum: changes[c.id] ?? (c.curriculum as Curriculum) }));
    const result = await api(setCurriculum, { classes, ...(confirm ? { confirm: true } : {}) });
    setQuestion(!result.ok && result.confirm && result.message ? result.message : null);
    if (result.ok) {
      queryClient.setQueryData(['curriculum'], result.data);
      void queryClient.invalidateQueries({ queryKey: referenceKey('classes') });
      setChanges({});
    }
  };

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <Button onClick={() => void save()} loading={saving} disabled={Object.keys(changes).length === 0}>
            {t('curriculum.save')}
          </Button>
        }
      />
      <Paper withBorder p="md" maw={720}>
        {rows.isPending ? (
          <CenteredLoader />
        ) : rows.isError ? (
          <LoadError error={rows.error} onRetry={() => void rows.refetch()} />
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('curriculum.class')}</Table.Th>
                <Table.Th>{t('curriculum.level')}</Table.Th>
                <Table.Th>{t('curriculum.curriculum')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.data.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{c.name}</Table.Td>
                  <Table.Td>{levels.find((l) => l.value === c.level)?.label ?? c.level}</Table.Td>
                  <Table.Td>
                    <Group>
                      <Select
                        aria-label={t('curriculum.of', { name: c.name })}
                        w={{ base: 190, sm: 320 }}
                        data={choicesFor(c.level).map((o) => ({ value: o.value, label: o.label }))}
                        value={changes[c.id] ?? c.curriculum}
                        onChange={(v) => v && setChanges((all) => ({ ...all, [c.id]: v as Curriculum }))}
                        allowDeselect={false}
                      />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      <ConfirmDialog
        opened={question !== null}
        title={t('curriculum.confirmTitle')}
        message={question ?? ''}
        confirmLabel={t('curriculum.confirm')}
        onConfirm={() => void save(true)}
        onClose={() => setQuestion(null)}
      />
    </div>
  );
}
