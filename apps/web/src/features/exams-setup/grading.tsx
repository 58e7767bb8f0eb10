import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  Radio,
  SegmentedControl,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
} from '@mantine/core';
import { type GradingKind, type GradingKindRow, principalGrades, putGrading, resetGrading } from '@somero/contract';
import { gradeName, type UacePointsScheme } from '@somero/grading';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../components/centered-loader';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-title';
import { api, fieldErrors } from '../../lib/api';
import { gradingKey, type MarkKind, useSchoolGrading } from './use-school-grading';

type Band = { min: number } & Record<string, unknown>;
type Errors = Record<string, string>;

/**
 * /exams/grading: the school's grading tables, each editable by the Director of Studies, with the
 * reading in force stated (the sources disagree on cut-offs and on four principal cells).
 */
export default function GradingScreen() {
  const { t } = useTranslation('exams-setup');
  const grading = useSchoolGrading();
  const [tab, setTab] = useState<string | null>('olevel');
  if (grading.query.isPending) return <CenteredLoader />;
  if (grading.query.isError) return <LoadError error={grading.query.error} onRetry={() => grading.query.refetch()} />;
  const kinds = grading.kinds;
  const panel = (kind: GradingKind, body: (k: GradingKindRow) => ReactNode) => (
    <Tabs.Panel value={kind} pt="md">
      {kinds[kind] ? body(kinds[kind]) : null}
    </Tabs.Panel>
  );
  return (
    <div data-screen-status="built">
      <PageHeader />
      <TryMark />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          {(Object.keys(kinds) as GradingKind[]).map((kind) => (
            <Tabs.Tab key={kind} value={kind}>
              {t(`kinds.${kind}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {panel('olevel', (k) => (
          <BandsEditor kind={k} names={(i) => gradeName((i + 1) as 1)} />
        ))}
        {panel('alevel_paper', (k) => (
          <BandsEditor kind={k} names={(i) => gradeName((i + 1) as 1)} />
        ))}
        {panel('nlsc', (k) => (
          <BandsEditor kind={k} names={(i) => 'ABCDE'[i]} />
        ))}
        {panel('alevel_principal', (k) => (
          <PrincipalEditor kind={k} />
        ))}
        {panel('uace_points', (k) => (
          <PointsEditor kind={k} />
        ))}
        {panel('policy', (k) => (
          <PolicyEditor kind={k} />
        ))}
      </Tabs>
    </div>
  );
}

/** A mark typed here is graded in the browser with the school's saved tables. */
function TryMark() {
  const { t } = useTranslation('exams-setup');
  const { grade } = useSchoolGrading();
  const [mark, setMark] = useState<number | null>(null);
  const kinds: MarkKind[] = ['olevel', 'alevel_paper', 'nlsc'];
  return (
    <Paper withBorder p="sm" mb="md">
      <Group gap="lg" align="flex-end">
        <NumberInput
          label={t('try.mark')}
          w={120}
          min={0}
          max={100}
          value={mark ?? ''}
          onChange={(v) => setMark(typeof v === 'number' ? v : null)}
        />
        {kinds.map((kind) => (
          <Text key={kind} data-testid={`grade-${kind}`}>
            {t(`kinds.${kind}`)}: <b>{grade(kind, mark) ?? '—'}</b>
          </Text>
        ))}
      </Group>
    </Paper>
  );
}

/** Save and restore-default for one kind, the reading in force above the editor. */
function KindFrame({
  kind,
  draft,
  onErrors,
  children,
}: {
  kind: GradingKindRow;
  draft: unknown;
  onErrors: (errors: Errors) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('exams-setup');
  const queryClient = useQueryClient();
  const after = (result: { ok: boolean; errors?: Record<string, string[]> }) => {
    onErrors(result.ok ? {} : fieldErrors(result.errors));
    if (result.ok) void queryClient.invalidateQueries({ queryKey: gradingKey });
  };
  return (
    <Stack gap="sm">
      <Alert color={kind.is_default ? 'blue' : 'grape'} title={t('reading.title')} data-testid="reading">
        {kind.reading}
        {kind.is_default ? ` ${t('reading.default')}` : ` ${t('reading.own')}`}
      </Alert>
      {children}
      <Group>
        <Button onClick={async () => after(await api(putGrading, { rows: draft }, { id: kind.id }))}>
          {t('save')}
        </Button>
        <Button
          variant="default"
          disabled={kind.is_default}
          onClick={async () => after(await api(resetGrading, {}, { id: kind.id }))}
        >
          {t('reset')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Marks to grades: each grade's lowest mark; the highest mark of a band follows from the one above. */
function BandsEditor({ kind, names }: { kind: GradingKindRow; names: (i: number) => string }) {
  const { t } = useTranslation('exams-setup');
  const [draft, setDraft] = useState<Band[]>(kind.rows as Band[]);
  const [errors, setErrors] = useState<Errors>({});
  useEffect(() => setDraft(kind.rows as Band[]), [kind.rows]);
  return (
    <KindFrame kind={kind} draft={draft} onErrors={setErrors}>
      <Table withTableBorder maw={420} data-kind={kind.kind}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('bands.grade')}</Table.Th>
            <Table.Th>{t('bands.from')}</Table.Th>
            <Table.Th>{t('bands.to')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {draft.map((row, i) => (
            <Table.Tr key={names(i)}>
              <Table.Td>{names(i)}</Table.Td>
              <Table.Td>
                <NumberInput
                  aria-label={t('bands.fromOf', { grade: names(i) })}
                  w={100}
                  min={0}
                  max={100}
                  allowDecimal={false}
                  value={row.min}
                  error={errors[`rows.${i}.min`] ?? errors[`rows.${i}.value`] ?? errors[`rows.${i}.grade`]}
                  onChange={(v) => setDraft(draft.map((r, j) => (j === i ? { ...r, min: Number(v) } : r)))}
                />
              </Table.Td>
              <Table.Td>{i === 0 ? 100 : draft[i - 1].min - 1}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {errors.rows ? <Text c="red">{errors.rows}</Text> : null}
    </KindFrame>
  );
}

/** Paper grades to the principal grade: a cell per sorted tuple; the disputed cells marked. */
function PrincipalEditor({ kind }: { kind: GradingKindRow }) {
  const { t } = useTranslation('exams-setup');
  const [draft, setDraft] = useState<Record<string, string>>(kind.rows as Record<string, string>);
  const [errors, setErrors] = useState<Errors>({});
  const [papers, setPapers] = useState('3');
  useEffect(() => setDraft(kind.rows as Record<string, string>), [kind.rows]);
  const disputed = new Map((kind.disputed ?? []).map((d) => [d.tuple, d]));
  const tuples = Object.keys(draft).filter((tuple) => tuple.split('-').length === Number(papers));
  const set = (tuple: string, grade: string) => setDraft({ ...draft, [tuple]: grade });
  return (
    <KindFrame kind={kind} draft={draft} onErrors={setErrors}>
      <Paper withBorder p="sm">
        <Text fw={600} mb="xs">
          {t('principal.disputed')}
        </Text>
        <Text size="sm" mb="sm">
          {t('principal.disputedHelp')}
        </Text>
        <Stack gap="xs">
          {[...disputed.values()].map((d) => (
            <Group key={d.tuple} gap="sm" data-disputed={d.tuple}>
              <Text w={70} fw={600}>
                {d.tuple}
              </Text>
              <SegmentedControl
                value={draft[d.tuple]}
                onChange={(v) => set(d.tuple, v)}
                data={[
                  { value: d.usual, label: t('principal.usual', { grade: d.usual }) },
                  { value: d.other, label: t('principal.other', { grade: d.other }) },
                ]}
              />
            </Group>
          ))}
        </Stack>
      </Paper>
      <SegmentedControl
        w={320}
        value={papers}
        onChange={setPapers}
        data={['1', '2', '3', '4'].map((n) => ({ value: n, label: t('principal.papers', { count: Number(n) }) }))}
      />
      <Group gap={6} maw={1100}>
        {tuples.map((tuple) => (
          <NativeSelect
            key={tuple}
            w={100}
            size="xs"
            label={disputed.has(tuple) ? `${tuple} *` : tuple}
            aria-label={tuple}
            styles={disputed.has(tuple) ? { input: { background: 'var(--mantine-color-yellow-1)' } } : undefined}
            data={principalGrades as unknown as string[]}
            value={draft[tuple]}
            error={errors[`rows.${tuple}`]}
            onChange={(e) => set(tuple, e.currentTarget.value)}
          />
        ))}
      </Group>
      <Badge color="yellow" variant="light" w="fit-content">
        {t('principal.legend')}
      </Badge>
    </KindFrame>
  );
}

/** Points per principal grade and for a subsidiary pass (data per curriculum version). */
function PointsEditor({ kind }: { kind: GradingKindRow }) {
  const { t } = useTranslation('exams-setup');
  const [draft, setDraft] = useState<UacePointsScheme>(kind.rows as UacePointsScheme);
  const [errors, setErrors] = useState<Errors>({});
  useEffect(() => setDraft(kind.rows as UacePointsScheme), [kind.rows]);
  const num = (v: string | number) => (typeof v === 'number' ? v : Number(v));
  return (
    <KindFrame kind={kind} draft={draft} onErrors={setErrors}>
      <Group gap="sm">
        {principalGrades.map((g) => (
          <NumberInput
            key={g}
            label={g}
            w={80}
            min={0}
            value={draft.principal[g] ?? ''}
            error={errors[`rows.principal.${g}`]}
            onChange={(v) =>
              setDraft({ ...draft, principal: { ...draft.principal, [g]: v === '' ? undefined : num(v) } })
            }
          />
        ))}
      </Group>
      <Group gap="sm">
        <NativeSelect
          label={t('points.subsidiaryPassMax')}
          w={220}
          data={[1, 2, 3, 4, 5, 6, 7, 8, 9].map((v) => ({ value: String(v), label: gradeName(v as 1) }))}
          value={String(draft.subsidiaryPassMax)}
          onChange={(e) => setDraft({ ...draft, subsidiaryPassMax: Number(e.currentTarget.value) as 1 })}
        />
        <NumberInput
          label={t('points.subsidiaryPoint')}
          w={160}
          min={0}
          value={draft.subsidiaryPoint}
          error={errors['rows.subsidiaryPoint']}
          onChange={(v) => setDraft({ ...draft, subsidiaryPoint: num(v) })}
        />
        <NumberInput
          label={t('points.max')}
          w={160}
          min={0}
          value={draft.max}
          error={errors['rows.max']}
          onChange={(v) => setDraft({ ...draft, max: num(v) })}
        />
      </Group>
    </KindFrame>
  );
}

/** Whether a missing mark is left out or counted as zero, and whether marksheets rank. */
function PolicyEditor({ kind }: { kind: GradingKindRow }) {
  const { t } = useTranslation('exams-setup');
  type Policy = { missingMarks: 'exclude' | 'zero'; positions: boolean };
  const [draft, setDraft] = useState<Policy>(kind.rows as Policy);
  useEffect(() => setDraft(kind.rows as Policy), [kind.rows]);
  return (
    <KindFrame kind={kind} draft={draft} onErrors={() => undefined}>
      <Radio.Group
        label={t('policy.missingMarks')}
        value={draft.missingMarks}
        onChange={(v) => setDraft({ ...draft, missingMarks: v as Policy['missingMarks'] })}
      >
        <Stack gap={4} mt="xs">
          <Radio value="exclude" label={t('policy.exclude')} />
          <Radio value="zero" label={t('policy.zero')} />
        </Stack>
      </Radio.Group>
      <Switch
        label={t('policy.positions')}
        checked={draft.positions}
        onChange={(e) => setDraft({ ...draft, positions: e.currentTarget.checked })}
      />
    </KindFrame>
  );
}
