import { exportMarksheet, nlscSubjectMarksheet } from '@somero/contract';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/data-table';
import type { CallOutput } from '../../lib/api';
import { markText, SheetPage, SheetReadings, useMarksheet } from './marksheet-parts';

type Sheet = CallOutput<typeof nlscSubjectMarksheet>;
type Row = Sheet['students'][number];

/** /new/subjectmarksheet: one new-curriculum subject: each competence's AOI score, then CA, exam, total, grade. */
export default function NlscSubjectMarksheetScreen() {
  const { t } = useTranslation('marksheets');
  const marksheet = useMarksheet(nlscSubjectMarksheet, { curriculum: 'new', subjectLevel: 'nlsc' });
  const columns = (s: Sheet): Column<Row>[] => [
    { key: 'admission_no', label: t('admissionNo') },
    { key: 'name', label: t('name') },
    ...s.competences.map((c, i) => ({
      key: `c${c.id}`,
      label: c.name,
      numeric: true,
      render: (r: Row) => markText(r.result?.scores[i]),
    })),
    { key: 'average', label: t('average'), numeric: true, render: (r) => markText(r.result?.average) },
    {
      key: 'identifier',
      label: t('identifier'),
      render: (r) => (r.result?.identifier ? <span title={r.result.descriptor ?? ''}>{r.result.identifier}</span> : ''),
    },
    { key: 'ca20', label: t('ca20'), numeric: true, render: (r) => markText(r.result?.ca20) },
    { key: 'exam80', label: t('exam80'), numeric: true, render: (r) => markText(r.result?.exam80) },
    { key: 'total', label: t('total'), numeric: true, render: (r) => markText(r.result?.total) },
    { key: 'grade', label: t('grade'), render: (r) => r.result?.grade ?? '' },
  ];
  return (
    <SheetPage<Sheet> exportCall={exportMarksheet} marksheet={marksheet}>
      {(s) => (
        <>
          <SheetReadings title={`${s.title} · ${s.subject.name}`} readings={s.readings} />
          <DataTable columns={columns(s)} rows={s.students} empty={t('noStudents')} minWidth={900} />
        </>
      )}
    </SheetPage>
  );
}
