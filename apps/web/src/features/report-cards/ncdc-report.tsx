import { Text } from '@mantine/core';
import { ncdcReport, nlscMarksheet } from '@somero/contract';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/data-table';
import type { CallOutput } from '../../lib/api';
import { MarksheetHeader, markText, SheetReadings, SheetState, useMarksheet } from '../marksheets';

type Sheet = CallOutput<typeof nlscMarksheet>;
type Row = Sheet['students'][number];

/**
 * /exams/ncdc/report: a new-curriculum class's continuous assessment for the term as UNEB collects it
 * (S3 and S4 count): the CA out of 20 per subject shown here, and downloaded as a sheet per subject with
 * each learner's LIN and AOI scores, and the projects.
 */
export default function NcdcReportScreen() {
  const { t } = useTranslation('report-cards');
  const { sheet, asked, bar } = useMarksheet(nlscMarksheet, { curriculum: 'new' });
  const data = sheet.data as Sheet | undefined;
  const columns = (s: Sheet): Column<Row>[] => [
    { key: 'admission_no', label: t('admissionNo') },
    { key: 'name', label: t('name') },
    ...s.subjects.map((subject, i) => ({
      key: `s${subject.id}`,
      label: subject.short_name,
      numeric: true,
      render: (r: Row) => (r.results[i] ? markText(r.results[i]?.ca20) : '—'),
    })),
  ];
  return (
    <div data-screen-status="built">
      <MarksheetHeader exportCall={ncdcReport} asked={asked} />
      {bar}
      <SheetState sheet={sheet} asked={asked}>
        {() =>
          data ? (
            <>
              <SheetReadings title={data.title} readings={[t('ncdcAbout'), t('ncdcLin')]} />
              <Text size="sm" c="dimmed" mb="xs">
                {t('ncdcShown')}
              </Text>
              <DataTable
                columns={columns(data)}
                rows={data.students}
                empty={t('noStudents')}
                minWidth={400 + data.subjects.length * 70}
              />
            </>
          ) : null
        }
      </SheetState>
    </div>
  );
}
