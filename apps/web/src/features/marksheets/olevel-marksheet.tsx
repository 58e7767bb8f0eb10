import { exportMarksheet, olevelMarksheet } from '@somero/contract';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/data-table';
import type { CallOutput } from '../../lib/api';
import { markText, SheetPage, SheetReadings, useMarksheet } from './marksheet-parts';

type Sheet = CallOutput<typeof olevelMarksheet>;
type Row = Sheet['students'][number];

const divisionText = (d: number | null) => (d === null ? '' : d === 9 ? 'U' : String(d));

/** /new/marksheet: the old O-Level marksheet of a class, with aggregates, divisions and places. */
export default function OlevelMarksheetScreen() {
  const { t } = useTranslation('marksheets');
  const marksheet = useMarksheet(olevelMarksheet, { curriculum: 'old' });
  const columns = (s: Sheet): Column<Row>[] => [
    { key: 'admission_no', label: t('admissionNo') },
    { key: 'name', label: t('name') },
    ...s.subjects.map((subject, i) => ({
      key: `s${subject.id}`,
      label: subject.short_name,
      numeric: true,
      render: (r: Row) => {
        const result = r.results[i];
        return result ? `${markText(result.mark)} ${result.grade ?? ''}`.trim() : '—';
      },
    })),
    { key: 'average', label: t('average'), numeric: true, render: (r) => markText(r.average) },
    { key: 'aggregate', label: t('aggregate'), numeric: true },
    { key: 'division', label: t('division'), numeric: true, render: (r) => divisionText(r.division) },
    ...(s.positions ? [{ key: 'position', label: t('position'), numeric: true }] : []),
  ];
  return (
    <SheetPage<Sheet> exportCall={exportMarksheet} marksheet={marksheet}>
      {(s) => (
        <>
          <SheetReadings title={s.title} readings={s.readings} />
          <DataTable
            columns={columns(s)}
            rows={s.students}
            empty={t('noStudents')}
            totals={{
              name: t('classAverage'),
              ...Object.fromEntries(
                s.subjects.map((subject, i) => [`s${subject.id}`, markText(s.subject_averages[i])]),
              ),
            }}
            minWidth={400 + s.subjects.length * 80}
          />
        </>
      )}
    </SheetPage>
  );
}
