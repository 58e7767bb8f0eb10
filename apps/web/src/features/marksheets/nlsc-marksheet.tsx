import { exportMarksheet, nlscMarksheet } from '@somero/contract';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/data-table';
import type { CallOutput } from '../../lib/api';
import { markText, SheetPage, SheetReadings, useMarksheet } from './marksheet-parts';

type Sheet = CallOutput<typeof nlscMarksheet>;
type Row = Sheet['students'][number];

/**
 * /new/marksheet100: the new-curriculum marksheet out of 100 (CA/20 + exam/80) of a class: per subject
 * the identifier, total and grade; never ranked.
 */
export default function NlscMarksheetScreen() {
  const { t } = useTranslation('marksheets');
  const marksheet = useMarksheet(nlscMarksheet, { curriculum: 'new' });
  const columns = (s: Sheet): Column<Row>[] => [
    { key: 'admission_no', label: t('admissionNo') },
    { key: 'name', label: t('name') },
    ...s.subjects.map((subject, i) => ({
      key: `s${subject.id}`,
      label: subject.short_name,
      numeric: true,
      render: (r: Row) => {
        const x = r.results[i];
        if (!x) return '—';
        return (
          <span title={t('nlscCell', { ca: markText(x.ca20), exam: markText(x.exam80) })}>
            {`${markText(x.total)} ${x.grade ?? ''}`.trim()}
            {x.identifier ? <sup> {x.identifier}</sup> : null}
          </span>
        );
      },
    })),
  ];
  return (
    <SheetPage<Sheet> exportCall={exportMarksheet} marksheet={marksheet}>
      {(s) => (
        <>
          <SheetReadings title={s.title} readings={[t('nlscKey'), ...s.readings]} />
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
            minWidth={300 + s.subjects.length * 90}
          />
        </>
      )}
    </SheetPage>
  );
}
