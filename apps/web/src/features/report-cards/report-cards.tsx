import { Badge, Button, Checkbox, Group, NativeSelect, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  printReportCards,
  type ReportCard,
  type ReportCards,
  type ReportKind,
  reportCardCalls,
  reportKinds,
  resultPlaceholders,
  resultsSms,
  resultsTemplate,
  savePromotion,
} from '@somero/contract';
import { IconPrinter, IconSchool } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/data-table';
import { GuardianSmsButton } from '../../components/guardian-sms';
import { JobProgress } from '../../components/job-progress';
import { PageHeader } from '../../components/page-title';
import { can } from '../../lib/access';
import { api } from '../../lib/api';
import { useUser } from '../../lib/auth';
import { openPdf } from '../../lib/downloads';
import { formatMoney } from '../../lib/format';
import { markText, SheetReadings, SheetState, useMarksheet } from '../marksheets';

type Curriculum = 'old' | 'new' | 'alevel';

const divisionText = (d: number | null) => (d === null ? '—' : d === 9 ? 'U' : `Division ${d}`);

/** The result a class list shows for a card, in the scheme's words. */
function resultOf(cards: ReportCards, card: ReportCard) {
  const s = card.summary;
  if (cards.points_max !== null)
    return s.points === null
      ? '—'
      : `${s.points} points, ${s.principal_passes} principal pass${s.principal_passes === 1 ? '' : 'es'}`;
  if (s.aggregate !== null || s.division !== null) return `${s.aggregate ?? '—'}, ${divisionText(s.division)}`;
  const average = s.average === null ? '—' : `Average ${markText(s.average)}`;
  return cards.kind === 'olan_report' && s.result !== null ? `${average}, Result ${s.result}` : average;
}

/**
 * The year's last card's promotion decision: the card's words, whether the rule proposed it, and for
 * those who set up report cards (the director of studies) a choice saved at once.
 */
function PromotionCell({ card, year, onSaved }: { card: ReportCard; year: number; onSaved: () => void }) {
  const { t } = useTranslation('report-cards');
  const user = useUser();
  const promotion = card.promotion;
  if (!promotion) return <>—</>;
  const choose = async (decision: string) => {
    const result = await api(savePromotion, {
      student_id: card.student.id,
      year,
      decision: decision === 'rule' ? null : (decision as 'promoted' | 'repeat'),
    });
    if (result.ok) onSaved();
  };
  if (!can(user, savePromotion.access))
    return (
      <Group gap={6} wrap="nowrap">
        <Text size="sm" data-testid="promotion">
          {promotion.text}
        </Text>
        {promotion.proposed ? (
          <Badge size="xs" variant="light" color="gray">
            {t('proposed')}
          </Badge>
        ) : null}
      </Group>
    );
  // The choice says the card's words: "As proposed: Promoted to S3", or the decision taken.
  return (
    <NativeSelect
      size="xs"
      miw={200}
      aria-label={t('promotionOf', { name: card.student.name })}
      data-testid="promotion"
      value={promotion.proposed ? 'rule' : promotion.decision}
      onChange={(e) => void choose(e.currentTarget.value)}
      data={[
        { value: 'rule', label: promotion.proposed ? t('byRule', { text: promotion.text }) : t('ruleAgain') },
        {
          value: 'promoted',
          label: promotion.decision === 'promoted' && !promotion.proposed ? promotion.text : t('promote'),
        },
        {
          value: 'repeat',
          label: promotion.decision === 'repeat' && !promotion.proposed ? promotion.text : t('repeat'),
        },
      ]}
    />
  );
}

/**
 * A report-card screen: the class (or stream) of the term, the cards as a list to check (results,
 * comments, fees, withheld), then printed as one PDF: the class, the students ticked, or the whole
 * school as work that goes on while the user works elsewhere.
 */
function ReportCardsScreen({
  kinds,
  curriculum,
  competences = false,
}: {
  kinds: ReportKind[];
  curriculum: Curriculum;
  competences?: boolean;
}) {
  const { t } = useTranslation('report-cards');
  const [kind, setKind] = useState<ReportKind>(kinds[0] as ReportKind);
  const narrow = useMediaQuery('(max-width: 40em)');
  const extra = useMemo(() => ({ competences }), [competences]);
  const { sheet, asked, bar } = useMarksheet(reportCardCalls[kind], { curriculum, extra });
  const data = sheet.data as ReportCards | undefined;
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  const [jobId, setJobId] = useState<number | null>(null);
  // Ticks belong to the list shown: another class or term starts with none.
  useEffect(() => setTicked(new Set()), [data]);
  const [printing, setPrinting] = useState(false);

  const print = async (onlyTicked: boolean) => {
    if (!asked) return;
    setPrinting(true);
    await openPdf({
      method: printReportCards.method,
      path: printReportCards.path,
      body: {
        ...asked,
        kind,
        competences,
        ...(onlyTicked ? { student_ids: [...ticked] } : {}),
      },
    });
    setPrinting(false);
  };
  const printSchool = async () => {
    if (!asked) return;
    const result = await api(printReportCards, { year: asked.year, term: asked.term, kind, competences });
    if (result.ok) setJobId(result.data.job_id);
  };

  const columns = (cards: ReportCards): Column<ReportCard>[] => [
    {
      key: 'tick',
      label: '',
      width: 40,
      render: (c) => (
        <Checkbox
          aria-label={t('tick', { name: c.student.name })}
          checked={ticked.has(c.student.id)}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            setTicked((all) => {
              const next = new Set(all);
              if (on) next.add(c.student.id);
              else next.delete(c.student.id);
              return next;
            });
          }}
        />
      ),
    },
    { key: 'admission_no', label: t('admissionNo'), render: (c) => c.student.admission_no },
    { key: 'name', label: t('name'), render: (c) => c.student.name },
    { key: 'result', label: t('result'), render: (c) => resultOf(cards, c) },
    ...(cards.positions
      ? [
          {
            key: 'position',
            label: t('position'),
            numeric: true,
            render: (c: ReportCard) =>
              c.summary.position === null ? '—' : `${c.summary.position} / ${c.summary.out_of}`,
          },
        ]
      : []),
    {
      key: 'comments',
      label: t('comments'),
      render: (c) =>
        !c.comments.class_teacher || !c.comments.head_teacher
          ? t('missing')
          : c.comments.from_bank
            ? t('fromBank')
            : t('written'),
    },
    ...(cards.cards.some((c) => c.promotion)
      ? [
          {
            key: 'promotion',
            label: t('promotion'),
            render: (c: ReportCard) => (
              <PromotionCell card={c} year={cards.year} onSaved={() => void sheet.refetch()} />
            ),
          },
        ]
      : []),
    {
      key: 'balance',
      label: t('balance'),
      numeric: true,
      render: (c) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {c.balance === null ? '' : formatMoney(c.balance)}
          {c.withheld ? (
            <Badge color="red" variant="light" size="sm">
              {t('withheld')}
            </Badge>
          ) : null}
        </Group>
      ),
    },
  ];

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <>
            <Button
              leftSection={<IconPrinter size={16} />}
              onClick={() => void print(false)}
              loading={printing}
              disabled={!data?.cards.length}
            >
              {t('printClass')}
            </Button>
            <Button variant="light" onClick={() => void print(true)} disabled={!data || ticked.size === 0}>
              {t('printTicked', { count: ticked.size })}
            </Button>
            <Button
              variant="default"
              leftSection={<IconSchool size={16} />}
              onClick={() => void printSchool()}
              disabled={!asked}
            >
              {t('printSchool')}
            </Button>
            {asked?.class_id ? (
              <GuardianSmsButton
                call={resultsSms}
                body={{
                  ...asked,
                  class_id: asked.class_id,
                  kind,
                  ...(ticked.size ? { student_ids: [...ticked] } : {}),
                }}
                label={ticked.size ? t('smsTicked', { count: ticked.size }) : t('smsResults')}
                defaultMessage={resultsTemplate}
                placeholders={resultPlaceholders}
                disabled={!data?.cards.length}
              />
            ) : null}
          </>
        }
      />
      {kinds.length > 1 ? (
        <SegmentedControl
          mb="sm"
          fullWidth={narrow}
          orientation={narrow ? 'vertical' : 'horizontal'}
          value={kind}
          onChange={(v) => setKind(v as ReportKind)}
          data={kinds.map((k) => ({ value: k, label: reportKinds.find((x) => x.value === k)?.label ?? k }))}
        />
      ) : null}
      {bar}
      {jobId !== null ? (
        <Paper withBorder p="md" mb="md">
          <JobProgress jobId={jobId} unit={t('classes')} />
        </Paper>
      ) : null}
      <SheetState sheet={sheet} asked={asked}>
        {() =>
          data ? (
            <Stack gap="sm">
              <SheetReadings title={data.title} readings={data.grading_key} />
              {data.cards.some((c) => c.withheld) ? (
                <Text c="red" size="sm">
                  {t('withheldNote', { count: data.cards.filter((c) => c.withheld).length })}
                </Text>
              ) : null}
              <DataTable
                columns={columns(data)}
                rows={data.cards}
                rowKey={(c) => c.student.id}
                empty={t('noStudents')}
                minWidth={800}
              />
            </Stack>
          ) : null
        }
      </SheetState>
    </div>
  );
}

export const OlevelCards = () => <ReportCardsScreen kinds={['old_reports']} curriculum="old" />;
export const OlevelDetailedCards = () => <ReportCardsScreen kinds={['olan_vd_report']} curriculum="old" />;
export const NewCards = () => <ReportCardsScreen kinds={['new_report', 'new_report_12']} curriculum="new" />;
export const NewCards100 = () => <ReportCardsScreen kinds={['new_report100']} curriculum="new" />;
export const NewCards100Competences = () => (
  <ReportCardsScreen kinds={['new_report100']} curriculum="new" competences />
);
export const NewTermReports = () => <ReportCardsScreen kinds={['olan_report']} curriculum="new" />;
export const CbcCards = () => <ReportCardsScreen kinds={['cbc_report']} curriculum="new" />;
export const AlevelCards = () => <ReportCardsScreen kinds={['alevel_reports']} curriculum="alevel" />;
export const NewAlevelCards = () => <ReportCardsScreen kinds={['ncalevel_reports']} curriculum="alevel" />;
