import { alevelMarksheetView, exportAlevelMarksheet } from '@somero/contract';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/data-table';
import type { CallOutput } from '../../lib/api';
import { SheetPage, SheetReadings, useMarksheet } from './marksheet-parts';

type Sheet = CallOutput<typeof alevelMarksheetView>;
type Row = Sheet['students'][number];

/** /view/alevel/marksheet: each principal with its paper grades and tuple ("2-2-3 → A"), subsidiaries, points. */
export default function AlevelMarksheetScreen() {
  const { t } = useTranslation('marksheets');
  const marksheet = useMarksheet(alevelMarksheetView, { curriculum: 'alevel' });
  const columns = (s: Sheet): Column<Row>[] => [
    { key: 'admission_no', label: t('admissionNo') },
    { key: 'name', label: t('name') },
    { key: 'combination', label: t('combination') },
    ...[0, 1, 2].map((k) => ({
      key: `p${k}`,
      label: t('principalN', { n: k + 1 }),
      render: (r: Row) => {
        const p = r.principals[k];
        if (!p) return '';
        const papers = p.papers.map((x) => `P${x.number} ${x.grade ?? '—'}`).join(' · ');
        return (
          <span title={papers}>
            {p.short_name} {p.grade ? `${p.tuple} → ${p.grade}` : '—'}
          </span>
        );
      },
    })),
    { key: 'gp', label: t('generalPaper'), render: (r) => r.general_paper?.grade ?? '' },
    {
      key: 'sub',
      label: t('subsidiary'),
      render: (r) => (r.subsidiary ? `${r.subsidiary.short_name} ${r.subsidiary.grade ?? '—'}` : ''),
    },
    { key: 'points', label: t('pointsOf', { max: s.points_max }), numeric: true },
    ...(s.positions ? [{ key: 'position', label: t('position'), numeric: true }] : []),
  ];
  return (
    <SheetPage<Sheet> exportCall={exportAlevelMarksheet} marksheet={marksheet}>
      {(s) => (
        <>
          <SheetReadings title={s.title} readings={s.readings} />
          <DataTable columns={columns(s)} rows={s.students} empty={t('noStudents')} minWidth={1000} />
        </>
      )}
    </SheetPage>
  );
}
