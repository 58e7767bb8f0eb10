import { alevelSubjectMarksheet, exportAlevelSubjectMarksheet } from '@somero/contract';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/data-table';
import type { CallOutput } from '../../lib/api';
import { markText, SheetPage, SheetReadings, useMarksheet } from './marksheet-parts';

type Sheet = CallOutput<typeof alevelSubjectMarksheet>;
type Row = Sheet['students'][number];

/** /alevel/subject/marksheet: one principal subject's papers for the class: set marks, grades, the principal. */
export default function AlevelSubjectMarksheetScreen() {
  const { t } = useTranslation('marksheets');
  const marksheet = useMarksheet(alevelSubjectMarksheet, { curriculum: 'alevel', subjectLevel: 'alevel' });
  const columns = (s: Sheet): Column<Row>[] => {
    const papers = s.subject.papers.length ? s.subject.papers : [{ id: 0, number: 1, name: '', considered: true }];
    return [
      { key: 'admission_no', label: t('admissionNo') },
      { key: 'name', label: t('name') },
      ...papers.flatMap((p, k) => [
        ...s.sets.map((set, j) => ({
          key: `p${p.id}s${set.id}`,
          label: `P${p.number} ${set.name}`,
          numeric: true,
          render: (r: Row) => markText(r.result.papers[k]?.marks[j]),
        })),
        {
          key: `p${p.id}`,
          label: p.considered ? `P${p.number}` : t('notConsidered', { n: p.number }),
          numeric: true,
          render: (r: Row) => {
            const x = r.result.papers[k];
            return x ? `${markText(x.mark)} ${x.grade ?? ''}`.trim() : '';
          },
        },
      ]),
      {
        key: 'principal',
        label: t('principal'),
        render: (r) => (r.result.grade ? `${r.result.tuple} → ${r.result.grade}` : '—'),
      },
      { key: 'points', label: t('points'), numeric: true, render: (r) => r.result.points ?? '' },
    ];
  };
  return (
    <SheetPage<Sheet> exportCall={exportAlevelSubjectMarksheet} marksheet={marksheet}>
      {(s) => (
        <>
          <SheetReadings title={`${s.title} · ${s.subject.name}`} readings={s.readings} />
          <DataTable columns={columns(s)} rows={s.students} empty={t('noStudents')} minWidth={900} />
        </>
      )}
    </SheetPage>
  );
}
