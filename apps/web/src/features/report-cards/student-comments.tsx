import { Group, Paper, Select, Text, Textarea } from '@mantine/core';
import { listStudentComments, saveCommentNew, saveStudentComment, studentCommentKinds } from '@somero/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-title';
import { useReferenceOptions } from '../../components/resource/reference-options';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { api, type CallOutput } from '../../lib/api';
import { marksheetKeys, SheetState, useMarksheet } from '../marksheets';
import { SaveComments } from './save-comments';

type Sheet = CallOutput<typeof listStudentComments>;
type Row = Sheet['students'][number];
type Kind = (typeof studentCommentKinds)[number]['value'];
const subjectLevels: Record<string, string[]> = { old: ['olevel'], new: ['nlsc'], alevel: ['alevel', 'subsidiary'] };

/**
 * /student/comments: a teacher's comment on each student of a class for the term: a subject's remark
 * (the new curriculum's competence remark), the conduct, and for the new curriculum the generic skills
 * and values. An emptied comment is removed.
 */
export default function StudentCommentsScreen() {
  const { t } = useTranslation('report-cards');
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<Kind>('remark');
  const [subjectId, setSubjectId] = useState<number | null>(null);
  const extra = useMemo(() => ({ kind, subject_id: kind === 'remark' ? subjectId : null }), [kind, subjectId]);
  const { sheet, asked, bar, filter } = useMarksheet(listStudentComments, {
    extra,
    extraReady: kind !== 'remark' || subjectId !== null,
  });
  const data = sheet.data as Sheet | undefined;
  const classes = useReferenceOptions('classes');
  const chosenClass = classes.options.find((o) => Number(o.value) === filter.class_id);
  const curriculum = chosenClass ? String(chosenClass.row.curriculum) : data?.curriculum;
  const [written, setWritten] = useState<Record<number, string>>({});
  useEffect(() => {
    if (data) setWritten(Object.fromEntries(data.students.map((s) => [s.id, s.comment ?? ''])));
  }, [data]);
  const changed = (data?.students ?? []).filter((s) => (written[s.id] ?? '') !== (s.comment ?? ''));
  const kinds = studentCommentKinds.filter(
    (k) => curriculum === undefined || curriculum !== 'old' || k.value === 'remark' || k.value === 'conduct',
  );

  const save = async () => {
    if (!asked || !data) return;
    const call = data.curriculum === 'old' ? saveStudentComment : saveCommentNew;
    for (const s of changed) {
      const result = await api(
        call,
        {
          year: asked.year,
          term: asked.term,
          student_id: s.id,
          subject_id: extra.subject_id,
          kind: kind as never,
          comment: written[s.id] ?? '',
        },
        { module: 'comments', action: 'save', silentSuccess: s !== changed[changed.length - 1] },
      );
      if (!result.ok) break;
    }
    await queryClient.invalidateQueries({ queryKey: marksheetKeys.ofCall(listStudentComments.path) });
  };

  const columns: Column<Row>[] = [
    { key: 'admission_no', label: t('admissionNo'), width: 90 },
    { key: 'name', label: t('name'), width: 180 },
    { key: 'stream_name', label: t('stream'), width: 90 },
    {
      key: 'comment',
      label: t('comment'),
      render: (r) => (
        <Textarea
          aria-label={`${t('comment')}: ${r.name}`}
          autosize
          minRows={1}
          maxRows={4}
          maxLength={300}
          readOnly={!r.may_write}
          variant={r.may_write ? 'default' : 'filled'}
          placeholder={
            r.may_write ? undefined : kind === 'remark' ? t('writtenBySubjectTeacher') : t('writtenByTheClassTeacher')
          }
          value={written[r.id] ?? ''}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setWritten((all) => ({ ...all, [r.id]: value }));
          }}
        />
      ),
    },
  ];

  return (
    <div data-screen-status="built">
      <PageHeader actions={data ? <SaveComments count={changed.length} onSave={save} /> : null} />
      {bar}
      <Paper withBorder p="md" mb="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t('commentKind')}
            w={250}
            allowDeselect={false}
            data={kinds.map((k) => ({ value: k.value, label: k.label }))}
            value={kind}
            onChange={(v) => v && setKind(v as Kind)}
          />
          {kind === 'remark' ? (
            <ReferenceSelect
              label={t('subject')}
              placeholder={t('chooseSubject')}
              references="subjects"
              w={300}
              required
              only={curriculum ? (o) => (subjectLevels[curriculum] ?? []).includes(String(o.row.level)) : undefined}
              value={subjectId}
              onChange={setSubjectId}
            />
          ) : null}
        </Group>
      </Paper>
      {asked && kind === 'remark' && subjectId === null ? (
        <Text c="dimmed">{t('chooseSubjectFirst')}</Text>
      ) : (
        <SheetState sheet={sheet} asked={asked}>
          {() =>
            data ? (
              <>
                <Text fw={700} mb="xs">
                  {data.title}
                </Text>
                <DataTable columns={columns} rows={data.students} empty={t('noStudents')} minWidth={700} />
              </>
            ) : null
          }
        </SheetState>
      )}
    </div>
  );
}
