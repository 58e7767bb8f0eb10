import { Button, Group, Modal, NumberInput, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { listProjects, projectIndicatorsMax, projectStages, saveProject } from '@somero/contract';
import { IconPencil } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-title';
import { api, type CallOutput } from '../../lib/api';
import { useContractForm } from '../../lib/contract-form';
import { useSaving } from '../../lib/saving';
import { marksheetKeys, SheetState, useMarksheet } from '../marksheets';

type Sheet = CallOutput<typeof listProjects>;
type Row = Sheet['students'][number];
type Stage = (typeof projectStages)[number];

const emptyCounts = () => Object.fromEntries(projectStages.map((s) => [s, 0])) as Record<Stage, number>;

/** The form of one learner's project: its title, the indicators observed at each stage, a remark. */
function ProjectForm({
  row,
  year,
  term,
  onClose,
}: {
  row: Row;
  year: number;
  term: number;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation('report-cards');
  const saving = useSaving();
  const { field, values, submit } = useContractForm(
    saveProject.input,
    {
      title: row.project?.title ?? '',
      remark: row.project?.remark ?? '',
      ...((row.project
        ? Object.fromEntries(projectStages.map((s) => [s, row.project?.[s] ?? 0]))
        : emptyCounts()) as Record<Stage, number>),
    },
    (v) => ({ year, term, student_id: row.id, ...v }),
  );
  const save = submit(
    (input) => api(saveProject, input, { module: 'projects', action: 'save' }),
    () => onClose(true),
  );
  const total = projectStages.reduce((sum, s) => sum + values[s], 0);
  return (
    <form onSubmit={(e) => void save(e)} noValidate>
      <Stack>
        <TextInput label={t('projectTitle')} required data-autofocus {...field('title')} />
        <Text size="sm" c="dimmed">
          {t('indicatorsHelp', { max: projectIndicatorsMax })}
        </Text>
        <SimpleGrid cols={2}>
          {projectStages.map((stage) => (
            <NumberInput
              key={stage}
              label={t(`stage.${stage}`)}
              min={0}
              max={projectIndicatorsMax}
              allowDecimal={false}
              {...field(stage)}
              onChange={(v) => field(stage).onChange(Number(v) || 0)}
            />
          ))}
        </SimpleGrid>
        <Text size="sm">{t('indicatorsTotal', { total })}</Text>
        <Textarea label={t('remark')} autosize minRows={2} maxLength={300} {...field('remark')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(false)}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * /exams/projects: each new-curriculum learner's project for the term, by UNEB's observation checklist
 * (the indicators observed at planning, implementation, reporting and dissemination).
 */
export default function ProjectsScreen() {
  const { t } = useTranslation('report-cards');
  const queryClient = useQueryClient();
  const { sheet, asked, bar } = useMarksheet(listProjects, { curriculum: ['new', 'alevel'] });
  const data = sheet.data as Sheet | undefined;
  const [editing, setEditing] = useState<Row | null>(null);
  const columns: Column<Row>[] = [
    { key: 'admission_no', label: t('admissionNo') },
    { key: 'name', label: t('name') },
    { key: 'title', label: t('projectTitle'), render: (r) => r.project?.title ?? '—' },
    ...projectStages.map((stage) => ({
      key: stage,
      label: t(`stage.${stage}`),
      numeric: true,
      render: (r: Row) => (r.project ? r.project[stage] : ''),
    })),
    { key: 'total', label: t('total'), numeric: true, render: (r) => r.project?.total ?? '' },
  ];
  return (
    <div data-screen-status="built">
      <PageHeader />
      {bar}
      <SheetState sheet={sheet} asked={asked}>
        {() =>
          data ? (
            <>
              <Text fw={700} mb="xs">
                {data.title}
              </Text>
              <DataTable
                columns={columns}
                rows={data.students}
                empty={t('noStudents')}
                minWidth={900}
                actions={(r) => (
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconPencil size={14} />}
                    aria-label={`${r.project ? t('edit') : t('record')}: ${r.name}`}
                    onClick={() => setEditing(r)}
                  >
                    {r.project ? t('edit') : t('record')}
                  </Button>
                )}
              />
            </>
          ) : null
        }
      </SheetState>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? t('projectOf', { name: editing.name }) : ''}
      >
        {editing && asked ? (
          <ProjectForm
            row={editing}
            year={asked.year}
            term={asked.term}
            onClose={(saved) => {
              setEditing(null);
              if (saved) void queryClient.invalidateQueries({ queryKey: marksheetKeys.ofCall(listProjects.path) });
            }}
          />
        ) : null}
      </Modal>
    </div>
  );
}
