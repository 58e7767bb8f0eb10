import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { type DashboardFigures, dashboard } from '@somero/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../components/centered-loader';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-title';
import { can } from '../../lib/access';
import { fetchData } from '../../lib/api';
import { useUser } from '../../lib/auth';
import { formatDateTime, formatMoney, formatNumber } from '../../lib/format';

interface Tile {
  key: string;
  label: string;
  value: string;
  /** Words rather than a number: shown smaller. */
  text?: boolean;
}

/** The figure tiles; later areas (fees collected, students, expenses) add theirs to this list. */
function tiles(figures: DashboardFigures, t: (key: string) => string): Tile[] {
  return [
    { key: 'users', label: t('dashboard.users'), value: formatNumber(figures.users) },
    { key: 'active_users', label: t('dashboard.activeUsers'), value: formatNumber(figures.active_users) },
    { key: 'roles', label: t('dashboard.roles'), value: formatNumber(figures.roles) },
    { key: 'signed_in_today', label: t('dashboard.signedInToday'), value: formatNumber(figures.signed_in_today) },
    { key: 'changes_today', label: t('dashboard.changesToday'), value: formatNumber(figures.changes_today) },
    {
      key: 'current_term',
      label: t('dashboard.currentTerm'),
      value: figures.current_term?.label ?? t('dashboard.noTerm'),
      text: true,
    },
    { key: 'students', label: t('dashboard.students'), value: formatNumber(figures.students) },
    ...(figures.fees
      ? [
          {
            key: 'collected_today',
            label: t('dashboard.collectedToday'),
            value: formatMoney(figures.fees.collected_today),
          },
          {
            key: 'term_collection',
            label: t('dashboard.termCollection'),
            value: `${formatMoney(figures.fees.term_collected)} / ${formatMoney(figures.fees.term_expected)}`,
            text: true,
          },
          {
            key: 'students_owing',
            label: t('dashboard.studentsOwing'),
            value: formatNumber(figures.fees.students_owing),
          },
        ]
      : []),
  ];
}

/** /dashboardv1 and /dashboardh. Without view_dashboard: a greeting, no figures and no call. */
export default function DashboardScreen() {
  const { t } = useTranslation();
  const user = useUser();
  const allowed = can(user, 'view_dashboard');
  const query = useQuery({
    queryKey: ['dashboard'],
    queryFn: () => fetchData(dashboard, {}, { silentSuccess: true }).then((r) => r.data),
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
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} data-testid="dashboard-figures">
            {tiles(query.data, t).map((tile) => (
              <Paper key={tile.key} p="md" withBorder className="figure-tile" data-tile={tile.key}>
                <Text size="sm" c="dimmed">
                  {tile.label}
                </Text>
                <Text fz={tile.text ? 'lg' : 26} fw={700} mt={tile.text ? 6 : 0}>
                  {tile.value}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
          <Paper p="md" withBorder>
            <Title order={4} mb="sm">
              {t('dashboard.recent')}
            </Title>
            {query.data.recent.length === 0 ? (
              <Text c="dimmed" size="sm">
                {t('dashboard.noRecent')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={560}>
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('audits.at')}</Table.Th>
                      <Table.Th>{t('audits.user')}</Table.Th>
                      <Table.Th>{t('audits.action')}</Table.Th>
                      <Table.Th>{t('audits.module')}</Table.Th>
                      <Table.Th>{t('audits.entity')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {query.data.recent.map((row) => (
                      <Table.Tr key={row.id}>
                        <Table.Td>{formatDateTime(row.at)}</Table.Td>
                        <Table.Td>{row.user ?? '—'}</Table.Td>
                        <Table.Td>{row.action}</Table.Td>
                        <Table.Td>{row.module}</Table.Td>
                        <Table.Td>
                          {row.entity.replaceAll('_', ' ')}: {row.record}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Paper>
        </>
      )}
    </Stack>
  );
}
