import { Anchor, Box, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { DashboardExams, dashboardExams } from '@somero/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../components/load-error';
import { fetchData } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import { FigureLine } from './figure-line';
import { dashboardKeys } from './keys';

type Academic = NonNullable<DashboardExams['academic']>;
type Teaching = NonNullable<DashboardExams['teaching']>;

/** The call's method and path only, as the dashboard's own (the server checks its reply against the schema). */
const examsCall = { method: 'POST', path: 'dashboard_exams' } as unknown as typeof dashboardExams;

/**
 * The dashboard's exams tiles, loaded after its figures (their own call and chunk): `teaching` is a
 * teacher's own marks owed, shown above the figures; `academic` the school's term in exams, below them.
 * Both read one query; only the academic part says when it could not load.
 */
export default function ExamsTiles({ part }: { part: 'academic' | 'teaching' }) {
  const query = useQuery({
    queryKey: dashboardKeys.exams,
    queryFn: () => fetchData(examsCall, {}, { silentSuccess: true }).then((r) => r.data),
  });
  if (query.isError)
    return part === 'academic' ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null;
  if (!query.data) return null;
  if (part === 'teaching') return query.data.teaching && <TeachingSection teaching={query.data.teaching} />;
  return query.data.academic && <AcademicSection a={query.data.academic} />;
}

/** A section's heading with the screen it comes from on the right. */
function Heading({ title, to, link }: { title: string; to: string; link: string }) {
  return (
    <Group justify="space-between" align="baseline" mb="xs" wrap="wrap" gap="xs">
      <Title order={4}>{title}</Title>
      <Anchor component={Link} to={to} size="sm">
        {link}
      </Anchor>
    </Group>
  );
}

/** The change of a class's mean since the set before: "+1.5" in green, "−3.0" in red. */
function Change({ now, before }: { now: number | null; before: number | null }) {
  if (now === null || before === null)
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  const d = Math.round((now - before) * 10) / 10;
  const text = `${d > 0 ? '+' : d < 0 ? '−' : ''}${Math.abs(d).toFixed(1)}`;
  return (
    <Text span c={d > 0 ? 'green.8' : d < 0 ? 'red.8' : undefined} fw={600}>
      {text}
    </Text>
  );
}

/** The head teacher's week in exams: marks of the set being chased, class means, candidates, cards. */
export function AcademicSection({ a }: { a: Academic }) {
  const { t } = useTranslation();
  const mean = (m: number | null) => (m === null ? '—' : m.toFixed(1));
  return (
    <Paper p="md" withBorder data-tile="academic">
      <Heading
        title={a.exam_set ? t('dashboard.examsSet', { set: a.exam_set.name }) : t('dashboard.exams')}
        to="/missing/marks"
        link={t('dashboard.missingMarks')}
      />
      {!a.exam_set ? (
        <Text c="dimmed" size="sm">
          {t('dashboard.noSet')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Box style={{ overflowX: 'auto' }}>
            <Table striped fz="sm" horizontalSpacing="xs" miw={300} data-testid="marks-by-class">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('dashboard.class')}</Table.Th>
                  <Table.Th ta="right">{t('dashboard.entered')}</Table.Th>
                  <Table.Th ta="right">{t('dashboard.missing')}</Table.Th>
                  <Table.Th ta="right">{t('dashboard.mean')}</Table.Th>
                  <Table.Th ta="right">
                    {a.previous_set ? t('dashboard.against', { set: a.previous_set.name }) : t('dashboard.change')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {a.classes.map((c) => (
                  <Table.Tr key={c.class_id}>
                    <Table.Td>{c.name}</Table.Td>
                    <Table.Td ta="right">
                      <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {formatNumber(c.entered)}/{formatNumber(c.expected - c.absent)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      {c.missing > 0 ? (
                        <Text span size="sm" c="red.8" fw={600}>
                          {formatNumber(c.missing)}
                        </Text>
                      ) : (
                        <Text span size="sm" c="green.8" fw={600}>
                          {t('dashboard.allIn')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{mean(c.mean)}</Table.Td>
                    <Table.Td ta="right">
                      <Change now={c.mean} before={c.previous_mean} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
          <Stack gap="md">
            {a.candidates.map((c) => (
              <Stack key={c.class_id} gap={2} data-testid="candidate-results">
                <Text size="sm" c="dimmed">
                  {t('dashboard.candidates', { class: c.name, set: a.exam_set?.name })}
                </Text>
                {c.results.map((r) => (
                  <FigureLine key={r.label} label={r.label} value={formatNumber(r.students)} />
                ))}
              </Stack>
            ))}
            <Stack gap={2}>
              <Text size="sm" c="dimmed">
                {t('dashboard.reportCards')}
              </Text>
              <FigureLine label={t('dashboard.cardsPrinted')} value={formatNumber(a.report_cards.printed)} />
              <FigureLine label={t('dashboard.cardsWithheld')} value={formatNumber(a.report_cards.withheld)} />
            </Stack>
          </Stack>
        </SimpleGrid>
      )}
    </Paper>
  );
}

/** A teacher's own classes and subjects, with the marks still owed in the set being chased. */
export function TeachingSection({ teaching }: { teaching: Teaching }) {
  const { t } = useTranslation();
  return (
    <Paper p="md" withBorder data-tile="teaching">
      <Heading
        title={teaching.exam_set ? t('dashboard.myMarks', { set: teaching.exam_set.name }) : t('dashboard.myLoad')}
        to="/enter/staff_marks"
        link={t('dashboard.enterMyMarks')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs" verticalSpacing={4}>
        {teaching.load.map((l) => (
          <FigureLine
            key={`${l.class_name}:${l.subject_code}:${l.subject}`}
            label={`${l.class_name} · ${l.subject}`}
            value={
              !teaching.exam_set ? (
                ''
              ) : l.students === 0 ? (
                <Text span c="dimmed" size="sm">
                  {t('dashboard.noTakers')}
                </Text>
              ) : l.missing > 0 ? (
                <Text span c="red.8" fw={600} size="sm">
                  {t('dashboard.owed', { missing: formatNumber(l.missing), students: formatNumber(l.students) })}
                </Text>
              ) : (
                <Text span c="green.8" fw={600} size="sm">
                  {t('dashboard.allIn')}
                </Text>
              )
            }
          />
        ))}
      </SimpleGrid>
    </Paper>
  );
}
