import { Anchor, Box, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { DashboardFigures, dashboard } from '@somero/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BarChart } from '../../components/bar-chart';
import { CenteredLoader } from '../../components/centered-loader';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-title';
import { can } from '../../lib/access';
import { fetchData } from '../../lib/api';
import { useUser } from '../../lib/auth';
import { formatDate, formatMoney, formatNumber } from '../../lib/format';
import { FigureLine } from './figure-line';
import { dashboardKeys } from './keys';

/** What sits under the figures loads after them, as chunks of their own (the first page's budget). */
const ExamsTiles = lazy(() => import('./academic'));
const RecentChanges = lazy(() => import('./recent-changes'));

/**
 * The call's method and path only: the first page leaves out the contract's schema of the figures (the
 * bundle budget); the server checks its reply against it.
 */
const dashboardCall = { method: 'POST', path: 'dashboard' } as unknown as typeof dashboard;

type T = (key: string, options?: Record<string, unknown>) => string;

/** One tile: its title links to the screen where the figures come from; `counts` says what its figures count. */
function Tile({
  name,
  to,
  title,
  counts,
  children,
}: {
  name: string;
  to: string;
  title: string;
  counts: string;
  children: ReactNode;
}) {
  return (
    <Paper p="md" withBorder className="figure-tile" data-tile={name}>
      <Anchor component={Link} to={to} size="sm" c="dimmed">
        {title}
      </Anchor>
      {children}
      <Text size="xs" c="dimmed" mt="xs" data-testid="tile-counts">
        {counts}
      </Text>
    </Paper>
  );
}

const Big = ({ children }: { children: ReactNode }) => (
  <Text fz={26} fw={700}>
    {children}
  </Text>
);

const dayMonth = (date: string) => formatDate(date).replace(/ \d{4}$/, '');

/**
 * The term's collection in bars (the shared plain bar chart: no chart library on the first page): what was
 * paid before the term opened, then each week of the term; together they are the headline's "collected".
 */
function WeekBars({ fees, t }: { fees: NonNullable<DashboardFigures['fees']>; t: T }) {
  const before = fees.term_opens_on
    ? t('dashboard.beforeBar', { date: dayMonth(fees.term_opens_on) })
    : t('dashboard.earlierBar');
  return (
    <Box mt="sm">
      <BarChart
        bars={[
          ...(fees.paid_before_opening ? [{ label: before, value: fees.paid_before_opening }] : []),
          ...fees.weeks.map((w) => ({ label: dayMonth(w.week), value: w.amount })),
        ]}
        label={t('dashboard.byWeek')}
        labelWidth={64}
        valueWidth={80}
      />
    </Box>
  );
}

/** The tiles the server sent: an area's tile is null for those without its flag, and is left out. */
function Tiles({ f, t }: { f: DashboardFigures; t: T }) {
  const pct = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 100) : 0);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} data-testid="dashboard-figures">
      {f.fees && (
        <>
          <Tile
            name="collected"
            to="/fees/payments"
            title={t('dashboard.collectedToday')}
            counts={t('dashboard.counts.collected')}
          >
            <Big>{formatMoney(f.fees.collected_today)}</Big>
            {f.fees.today_by_mode.map((m) => (
              <FigureLine key={m.mode} label={m.mode} value={formatMoney(m.amount)} />
            ))}
            <Text size="sm" c="dimmed" mt="xs">
              {t('dashboard.thisWeek')}: <b>{formatMoney(f.fees.collected_week)}</b>
            </Text>
            {f.fees.week_by_mode.map((m) => (
              <FigureLine key={m.mode} label={m.mode} value={formatMoney(m.amount)} />
            ))}
          </Tile>
          <Tile
            name="term_collection"
            to="/fees/summary"
            title={t('dashboard.termCollection')}
            counts={t('dashboard.counts.term', { term: f.current_term?.label ?? '' })}
          >
            <Big>{pct(f.fees.term_collected, f.fees.term_expected)}%</Big>
            <FigureLine
              label={t('dashboard.collected')}
              value={<span data-testid="term-collected">{formatMoney(f.fees.term_collected)}</span>}
            />
            <Box pl="sm">
              <FigureLine
                label={
                  f.fees.term_opens_on
                    ? t('dashboard.paidBefore', { date: formatDate(f.fees.term_opens_on) })
                    : t('dashboard.paidEarlier')
                }
                value={<span data-testid="paid-before">{formatMoney(f.fees.paid_before_opening)}</span>}
              />
              <FigureLine
                label={t('dashboard.paidDuring')}
                value={
                  <span data-testid="paid-during">
                    {formatMoney(f.fees.term_collected - f.fees.paid_before_opening)}
                  </span>
                }
              />
            </Box>
            <FigureLine label={t('dashboard.expected')} value={formatMoney(f.fees.term_expected)} />
            <WeekBars fees={f.fees} t={t} />
          </Tile>
          <Tile
            name="debt_classes"
            to="/fees/summary"
            title={t('dashboard.debtClasses')}
            counts={t('dashboard.counts.debt')}
          >
            <Big>
              <span data-testid="students-owing">
                {t('dashboard.studentsOwingCount', {
                  count: f.fees.students_owing,
                  n: formatNumber(f.fees.students_owing),
                })}
              </span>
            </Big>
            {f.fees.debt_classes.map((c) => (
              <FigureLine
                key={c.class_id}
                label={t('dashboard.classOwing', { name: c.name, n: formatNumber(c.students) })}
                value={formatMoney(c.owed)}
              />
            ))}
          </Tile>
        </>
      )}
      {f.attendance && (
        <Tile
          name="attendance"
          to="/student/attendance/summary"
          title={t('dashboard.attendance')}
          counts={t('dashboard.counts.attendance')}
        >
          <Big>
            {formatNumber(f.attendance.students_in)} / {formatNumber(f.attendance.students_expected)}
          </Big>
          <FigureLine
            label={t('dashboard.studentsIn')}
            value={`${pct(f.attendance.students_in, f.attendance.students_expected)}%`}
          />
          <FigureLine
            label={t('dashboard.staffIn')}
            value={`${formatNumber(f.attendance.staff_in)} / ${formatNumber(f.attendance.staff_expected)}`}
          />
        </Tile>
      )}
      {f.sickbay && (
        <Tile
          name="sickbay"
          to="/student/medication"
          title={t('dashboard.sickbay')}
          counts={t('dashboard.counts.sickbay')}
        >
          <Big>{formatNumber(f.sickbay.visits)}</Big>
          <FigureLine label={t('dashboard.stillIn')} value={formatNumber(f.sickbay.still_in)} />
        </Tile>
      )}
      {f.requisitions && (
        <Tile
          name="requisitions"
          to="/requisitions/view"
          title={t('dashboard.requisitions')}
          counts={t('dashboard.counts.requisitions')}
        >
          <Big>{formatNumber(f.requisitions.to_check + f.requisitions.to_approve + f.requisitions.to_pay)}</Big>
          <FigureLine label={t('dashboard.toCheck')} value={formatNumber(f.requisitions.to_check)} />
          <FigureLine label={t('dashboard.toApprove')} value={formatNumber(f.requisitions.to_approve)} />
          <FigureLine
            label={t('dashboard.toPay')}
            value={`${formatNumber(f.requisitions.to_pay)} (${formatMoney(f.requisitions.to_pay_total)})`}
          />
        </Tile>
      )}
      {f.store && (
        <Tile name="store" to="/store/levels" title={t('dashboard.belowReorder')} counts={t('dashboard.counts.store')}>
          <Big>{formatNumber(f.store.count)}</Big>
          <Text size="sm">{f.store.items.join(', ')}</Text>
        </Tile>
      )}
      {f.parent_line && (
        <Tile
          name="parent-line"
          to="/sms/packages"
          title={t('dashboard.parentLine')}
          counts={t('dashboard.counts.parentLine')}
        >
          <Big>{formatNumber(f.parent_line.unanswered)}</Big>
          <Text size="sm">{t('dashboard.parentLineHint')}</Text>
        </Tile>
      )}
      {f.sms && (
        <Tile name="sms" to="/sms/packages" title={t('dashboard.smsCredits')} counts={t('dashboard.counts.sms')}>
          <Big>{formatNumber(f.sms.balance)}</Big>
        </Tile>
      )}
      {f.events && (
        <Tile name="events" to="/events" title={t('dashboard.events')} counts={t('dashboard.counts.events')}>
          <Big>{formatNumber(f.events.length)}</Big>
          {f.events.map((e) => (
            <FigureLine key={e.id} label={e.title} value={formatDate(e.on_date)} />
          ))}
        </Tile>
      )}
      <Tile name="school" to="/students" title={t('dashboard.students')} counts={t('dashboard.counts.students')}>
        <Big>{formatNumber(f.students)}</Big>
        <Text size="sm">{f.current_term?.label ?? t('dashboard.noTerm')}</Text>
      </Tile>
      {f.admin && (
        <Tile name="admin" to="/users" title={t('dashboard.admin')} counts={t('dashboard.counts.admin')}>
          <FigureLine
            label={t('dashboard.users')}
            value={`${formatNumber(f.active_users)} / ${formatNumber(f.users)}`}
          />
          <FigureLine label={t('dashboard.roles')} value={formatNumber(f.roles)} />
          <FigureLine label={t('dashboard.signedInToday')} value={formatNumber(f.signed_in_today)} />
          <FigureLine label={t('dashboard.changesToday')} value={formatNumber(f.changes_today)} />
        </Tile>
      )}
    </SimpleGrid>
  );
}

/** /dashboardv1 and /dashboardh. Without view_dashboard: a greeting, no figures and no call. */
export default function DashboardScreen() {
  const { t } = useTranslation();
  const user = useUser();
  const allowed = can(user, 'view_dashboard');
  const query = useQuery({
    queryKey: dashboardKeys.figures,
    queryFn: () => fetchData(dashboardCall, {}, { silentSuccess: true }).then((r) => r.data),
    enabled: allowed,
  });

  return (
    <Stack>
      <PageHeader />
      <Text>
        {t('dashboard.greeting', { name: user.name })}{' '}
        <Text span c="dimmed">
          {user.school.name}
        </Text>
      </Text>
      {!allowed ? (
        <Text c="dimmed" data-testid="dashboard-no-figures">
          {t('dashboard.noFigures')}
        </Text>
      ) : query.isPending ? (
        <CenteredLoader />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          {can(user, 'record_staff_marks') && (
            <Suspense fallback={null}>
              <ExamsTiles part="teaching" />
            </Suspense>
          )}
          <Tiles f={query.data} t={t} />
          {can(user, 'manage_exam_marks') && (
            <Suspense fallback={null}>
              <ExamsTiles part="academic" />
            </Suspense>
          )}
          {can(user, 'view_audits') && (
            <Suspense fallback={null}>
              <RecentChanges rows={query.data.recent} />
            </Suspense>
          )}
        </>
      )}
    </Stack>
  );
}
