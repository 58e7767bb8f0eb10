import { Button, Group, Modal, NumberInput, Paper, Stack, TextInput } from '@mantine/core';
import {
  addCompetence,
  type CompetenceRow,
  deleteCompetence,
  fetchCompetences,
  updateCompetence,
} from '@somero/contract';
import { IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { FormButtons } from '../../components/form-buttons';
import { PageHeader } from '../../components/page-title';
import type { ReferenceOption } from '../../components/resource/reference-options';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { RowActions } from '../../components/row-actions';
import { api, fetchData } from '../../lib/api';
import { useContractForm } from '../../lib/contract-form';
import { useCurrentSettings } from '../../lib/current-settings';
import { examSetupKeys } from './keys';
import { TermFields, type YearTerm } from './term-fields';

// Competences belong to the new curriculum only: its subjects and its classes.
const newSubjects = (o: ReferenceOption) => o.row.level === 'nlsc';
const newClasses = (o: ReferenceOption) => o.row.curriculum === 'new';

/** /exams/competences: the learning outcomes per new-curriculum subject, class and term that AOIs are scored against. */
export default function CompetencesScreen() {
  const { t } = useTranslation('exams-setup');
  const settings = useCurrentSettings();
  const queryClient = useQueryClient();
  const [term, setTerm] = useState<YearTerm | null>(null);
  const [classId, setClassId] = useState<number | null>(null);
  const [subjectId, setSubjectId] = useState<number | null>(null);
  const [editing, setEditing] = useState<CompetenceRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CompetenceRow | null>(null);
  useEffect(() => {
    if (!term && settings.data) setTerm({ year: settings.data.year, term: settings.data.term });
  }, [settings.data, term]);
  const list = useQuery({
    queryKey: examSetupKeys.competencesOf(term, classId, subjectId),
    enabled: term !== null,
    queryFn: () =>
      fetchData(fetchCompetences, { ...term!, class_id: classId, subject_id: subjectId }).then((r) => r.data),
  });
  const reload = () => void queryClient.invalidateQueries({ queryKey: examSetupKeys.competences });
  const remove = async () => {
    if (!deleting) return;
    const result = await api(deleteCompetence, {}, { id: deleting.id, module: 'competences', action: 'delete' });
    setDeleting(null);
    if (result.ok) reload();
  };

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <Button leftSection={<IconPlus size={16} />} disabled={!term} onClick={() => setEditing('new')}>
            {t('competences.add')}
          </Button>
        }
      />
      <Paper withBorder p="md" mb="md">
        <Group gap="sm" align="flex-end">
          <TermFields value={term} onChange={setTerm} />
          <ReferenceSelect
            label={t('competences.class')}
            placeholder={t('competences.all')}
            references="classes"
            only={newClasses}
            w={160}
            value={classId}
            onChange={setClassId}
          />
          <ReferenceSelect
            label={t('competences.subject')}
            placeholder={t('competences.all')}
            references="subjects"
            only={newSubjects}
            w={300}
            value={subjectId}
            onChange={setSubjectId}
          />
        </Group>
      </Paper>
      <Paper withBorder p="md">
        <DataTable
          query={list}
          rows={list.data}
          empty={t('competences.none')}
          rowProps={(c) => ({ 'data-competence': c.name })}
          columns={[
            { key: 'class_name', label: t('competences.class') },
            { key: 'subject_name', label: t('competences.subject') },
            { key: 'name', label: t('competences.name') },
            { key: 'scores', label: t('competences.scores'), numeric: true },
          ]}
          actions={(c) => <RowActions name={c.name} onEdit={() => setEditing(c)} onDelete={() => setDeleting(c)} />}
        />
      </Paper>
      {editing && term ? (
        <CompetenceForm
          row={editing === 'new' ? null : editing}
          defaults={{ ...term, class_id: classId, subject_id: subjectId }}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('competences.delete')}
        message={t('competences.confirmDelete', { name: deleting?.name ?? '' })}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

interface FormProps {
  row: CompetenceRow | null;
  defaults: YearTerm & { class_id: number | null; subject_id: number | null };
  onClose: () => void;
  onSaved: () => void;
}

function CompetenceForm({ row, defaults, onClose, onSaved }: FormProps) {
  const { t } = useTranslation('exams-setup');
  const { field, values, form, submit } = useContractForm(
    row ? updateCompetence.input : addCompetence.input,
    {
      subject_id: (row?.subject_id ?? defaults.subject_id) as number | null,
      class_id: (row?.class_id ?? defaults.class_id) as number | null,
      year: row?.year ?? defaults.year,
      term: row?.term ?? defaults.term,
      name: row?.name ?? '',
      rank: row?.rank ?? 0,
    },
    // A subject or class not chosen goes as null, for the contract's "Enter the subject".
    (v) => ({ ...v, subject_id: v.subject_id as number, class_id: v.class_id as number }),
  );
  const save = submit(
    (body) =>
      row
        ? api(updateCompetence, body, { id: row.id, module: 'competences', action: 'update' })
        : api(addCompetence, body, { module: 'competences', action: 'add' }),
    onSaved,
  );
  return (
    <Modal opened onClose={onClose} title={row ? t('competences.edit') : t('competences.add')} centered>
      <form onSubmit={(e) => void save(e)}>
        <Stack gap="sm">
          <ReferenceSelect
            label={t('competences.subject')}
            references="subjects"
            only={newSubjects}
            required
            {...field('subject_id')}
          />
          <ReferenceSelect
            label={t('competences.class')}
            references="classes"
            only={newClasses}
            required
            {...field('class_id')}
          />
          <Group gap="sm">
            <TermFields value={values} onChange={(next) => form.setValues({ year: next.year, term: next.term })} />
          </Group>
          <TextInput label={t('competences.name')} required maxLength={300} {...field('name')} />
          <NumberInput
            label={t('competences.rank')}
            w={100}
            min={0}
            max={99}
            allowDecimal={false}
            {...field('rank')}
            onChange={(v) => field('rank').onChange(Number(v) || 0)}
          />
        </Stack>
        <FormButtons onCancel={onClose} />
      </form>
    </Modal>
  );
}
