import { Alert, Button, Checkbox, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { type ConsideredPaperLines, changeConsideredPapers, viewConsideredPapers } from '@somero/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../components/centered-loader';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-title';
import { api, fetchData } from '../../lib/api';
import { useSaving } from '../../lib/saving';
import { type ClassChoice, ClassPicker } from './class-picker';
import { subjectKeys } from './keys';

type Line = ConsideredPaperLines[number];

/** /considered/papers: per A-Level class, one card per principal subject with the papers that count. */
export default function ConsideredPapers() {
  const { t } = useTranslation('subjects');
  const [choice, setChoice] = useState<ClassChoice>({});
  const lines = useQuery({
    queryKey: subjectKeys.consideredPapers(choice.class_id),
    queryFn: () =>
      fetchData(viewConsideredPapers, { class_id: choice.class_id as number }).then(
        (r) => r.data as ConsideredPaperLines,
      ),
    enabled: Boolean(choice.class_id),
  });
  const data = choice.class_id ? lines.data : undefined;
  return (
    <div data-screen-status="built">
      <PageHeader />
      <ClassPicker value={choice} onChange={setChoice} level="alevel" streams={false} />
      {!choice.class_id ? (
        <Text c="dimmed">{t('pickAlevelClass')}</Text>
      ) : lines.isError ? (
        <LoadError error={lines.error} onRetry={() => void lines.refetch()} />
      ) : !data ? (
        <CenteredLoader />
      ) : !data.length ? (
        <Alert color="gray">{t('noPrincipals')}</Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {data.map((line) => (
            <SubjectCard
              key={line.subject_id}
              line={line}
              classId={choice.class_id as number}
              onSaved={() => void lines.refetch()}
            />
          ))}
        </SimpleGrid>
      )}
    </div>
  );
}

function SubjectCard({ line, classId, onSaved }: { line: Line; classId: number; onSaved: () => void }) {
  const { t } = useTranslation('subjects');
  const saving = useSaving();
  const stored = line.papers.filter((p) => p.considered).map((p) => p.id);
  const [ticked, setTicked] = useState(stored);
  useEffect(() => setTicked(line.papers.filter((p) => p.considered).map((p) => p.id)), [line]);
  const dirty = ticked.length !== stored.length || ticked.some((id) => !stored.includes(id));
  const save = async () => {
    const result = await api(changeConsideredPapers, {
      class_id: classId,
      subject_id: line.subject_id,
      paper_ids: ticked,
    });
    if (result.ok) onSaved();
  };
  return (
    <Paper withBorder p="md" data-subject={line.subject_name}>
      <Title order={5}>
        {line.subject_code} {line.subject_name}
      </Title>
      {line.papers.length ? (
        <>
          <Text size="sm" c={line.all_count ? 'dimmed' : 'orange'} mb="xs" data-testid="considered-status">
            {line.all_count ? t('allCount') : t('someCount')}
          </Text>
          <Checkbox.Group value={ticked.map(String)} onChange={(v) => setTicked(v.map(Number))}>
            <Group gap="md">
              {line.papers.map((p) => (
                <Checkbox key={p.id} value={String(p.id)} label={p.name} />
              ))}
            </Group>
          </Checkbox.Group>
          <Button mt="sm" size="xs" onClick={() => void save()} loading={saving} disabled={!dirty}>
            {t('save')}
          </Button>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t('noPapers')}
        </Text>
      )}
    </Paper>
  );
}
