import { Button, Group, Text, Textarea } from '@mantine/core';
import { listReportComments, type ReportCommentsSheet, saveReportComments } from '@somero/contract';
import { IconBulb } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-title';
import { api } from '../../lib/api';
import { marksheetKeys, SheetState, useMarksheet } from '../marksheets';
import { SaveComments } from './save-comments';

type Row = ReportCommentsSheet['students'][number];
interface Written {
  class_teacher: string;
  head_teacher: string;
}
type Curriculum = 'old' | 'new' | 'alevel';

const writtenOf = (sheet: ReportCommentsSheet) =>
  Object.fromEntries(
    sheet.students.map((s) => [s.id, { class_teacher: s.class_teacher ?? '', head_teacher: s.head_teacher ?? '' }]),
  ) as Record<number, Written>;

/**
 * /report/comments (O Level), /report/comments/alevel and /report/comments/new: the class teacher's and
 * head teacher's comment on each student's card for the term, typed or taken from the school's bank by
 * the student's result, then saved for the whole class at once.
 */
function ReportComments({ curriculum }: { curriculum: Curriculum }) {
  const { t } = useTranslation('report-cards');
  const queryClient = useQueryClient();
  const { sheet, asked, bar } = useMarksheet(listReportComments, { curriculum });
  const data = sheet.data as ReportCommentsSheet | undefined;
  const [written, setWritten] = useState<Record<number, Written>>({});
  useEffect(() => {
    if (data) setWritten(writtenOf(data));
  }, [data]);
  const saved = useMemo(() => (data ? writtenOf(data) : {}), [data]);
  const changed = Object.entries(written).filter(([id, w]) => {
    const before = saved[Number(id)];
    return before && (before.class_teacher !== w.class_teacher || before.head_teacher !== w.head_teacher);
  });

  const edit = (id: number, field: keyof Written, value: string) =>
    setWritten((all) => ({ ...all, [id]: { ...(all[id] as Written), [field]: value } }));
  const fillFromBank = () => {
    if (!data) return;
    setWritten((all) => {
      const next = { ...all };
      for (const s of data.students) {
        const w = next[s.id] ?? { class_teacher: '', head_teacher: '' };
        // Only the comments the user may write: the others stay as their writers left them.
        next[s.id] = {
          class_teacher: s.may_write_class_teacher
            ? w.class_teacher || s.suggested_class_teacher || ''
            : w.class_teacher,
          head_teacher: data.may_write_head_teacher ? w.head_teacher || s.suggested_head_teacher || '' : w.head_teacher,
        };
      }
      return next;
    });
  };
  const save = async () => {
    if (!asked || changed.length === 0) return;
    const result = await api(
      saveReportComments,
      {
        year: asked.year,
        term: asked.term,
        comments: changed.map(([id, w]) => ({
          student_id: Number(id),
          class_teacher: w.class_teacher,
          head_teacher: w.head_teacher,
        })),
      },
      { module: 'comments', action: 'save' },
    );
    if (result.ok) await queryClient.invalidateQueries({ queryKey: marksheetKeys.ofCall(listReportComments.path) });
  };

  /** A comment box; one the user may not write is read-only and says whose it is. */
  const commentCell =
    (field: keyof Written, suggestion: (r: Row) => string | null, label: string, whose: (r: Row) => string | null) =>
    (r: Row) => {
      const notMine = whose(r);
      return (
        <Textarea
          aria-label={`${label}: ${r.name}`}
          autosize
          minRows={1}
          maxRows={4}
          maxLength={500}
          readOnly={notMine !== null}
          variant={notMine !== null ? 'filled' : 'default'}
          title={notMine ?? undefined}
          placeholder={notMine ?? suggestion(r) ?? ''}
          value={written[r.id]?.[field] ?? ''}
          onChange={(e) => edit(r.id, field, e.currentTarget.value)}
        />
      );
    };
  const classTeacherWhose = (r: Row) =>
    r.may_write_class_teacher
      ? null
      : r.class_teacher_name
        ? t('writtenByClassTeacher', { name: r.class_teacher_name })
        : t('noClassTeacher');
  const headTeacherWhose = () => (data?.may_write_head_teacher ? null : t('writtenByHeadTeacher'));
  const columns = (s: ReportCommentsSheet): Column<Row>[] => [
    { key: 'admission_no', label: t('admissionNo'), width: 90 },
    { key: 'name', label: t('name'), width: 170 },
    { key: 'stream_name', label: t('stream'), width: 80 },
    { key: 'result_text', label: s.result_label, width: 150 },
    {
      key: 'class_teacher',
      label: t('classTeacher'),
      render: commentCell('class_teacher', (r) => r.suggested_class_teacher, t('classTeacher'), classTeacherWhose),
    },
    {
      key: 'head_teacher',
      label: t('headTeacher'),
      render: commentCell('head_teacher', (r) => r.suggested_head_teacher, t('headTeacher'), headTeacherWhose),
    },
  ];

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          data ? (
            <>
              <Button variant="light" leftSection={<IconBulb size={16} />} onClick={fillFromBank}>
                {t('fillFromBank')}
              </Button>
              <SaveComments count={changed.length} onSave={save} />
            </>
          ) : null
        }
      />
      {bar}
      <SheetState sheet={sheet} asked={asked}>
        {() =>
          data ? (
            <>
              <Group justify="space-between" mb="xs">
                <Text fw={700}>{data.title}</Text>
                <Text size="sm" c="dimmed">
                  {t('bankHelp')}
                </Text>
              </Group>
              <DataTable columns={columns(data)} rows={data.students} empty={t('noStudents')} minWidth={900} />
            </>
          ) : null
        }
      </SheetState>
    </div>
  );
}

export const OlevelReportComments = () => <ReportComments curriculum="old" />;
export const AlevelReportComments = () => <ReportComments curriculum="alevel" />;
export const NewReportComments = () => <ReportComments curriculum="new" />;
