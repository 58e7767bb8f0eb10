import { ActionIcon, Alert, Anchor, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { feesLedger, fullFeesLedger, printLedger, routeHref } from '@somero/contract';
import { IconFileTypePdf, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CenteredLoader } from '../../components/centered-loader';
import { DataTable } from '../../components/data-table';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-title';
import { type CallOutput, fetchData } from '../../lib/api';
import { openPdf } from '../../lib/downloads';
import { formatDate, formatMoney } from '../../lib/format';
import { feesDeskKeys } from './keys';
import { BalanceText, paymentHref, studentPaymentsHref } from './payment-parts';

type Ledger = CallOutput<typeof feesLedger>;
type Line = Ledger['lines'][number];

const print = (student_id: number, only?: { year: number; term: number }) =>
  openPdf({ method: printLedger.method, path: printLedger.path, body: { student_id, ...only } });

/**
 * /student/ledger/{id}/{name}: the student's account term by term, each line with the running
 * balance; a term or the whole ledger printed, and the full multi-year ledger as a PDF.
 */
export default function StudentLedgerScreen() {
  const { t } = useTranslation('fees-desk');
  const params = useParams();
  const id = Number(params.id);
  const ledger = useQuery({
    queryKey: feesDeskKeys.ledger(id),
    queryFn: () => fetchData(feesLedger, {}, { id }).then((r) => r.data),
    enabled: Number.isInteger(id) && id > 0,
  });

  if (ledger.isPending && ledger.fetchStatus !== 'idle')
    return (
      <>
        <PageHeader />
        <CenteredLoader />
      </>
    );
  const l = ledger.data;
  if (!l)
    return (
      <div data-screen-status="built">
        <PageHeader />
        {ledger.isError ? (
          <LoadError error={ledger.error} onRetry={() => void ledger.refetch()} />
        ) : (
          <Alert color="gray">{t('ledger.notFound', { name: params.name ?? '' })}</Alert>
        )}
      </div>
    );

  const linesOf = (year: number, term: number) => l.lines.filter((x) => x.year === year && x.term === term);
  // Lines before the first term (the balance brought forward) belong to no term of the list.
  const first = l.terms[0];
  // A term with no entries changes nothing (it opens and closes on the same balance): counted, not drawn.
  const shown = l.terms.filter((term) => linesOf(term.year, term.term).length > 0);
  const quiet = l.terms.length - shown.length;
  const before = first
    ? l.lines.filter((x) => x.year < first.year || (x.year === first.year && x.term < first.term))
    : l.lines;

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <>
            <Button variant="light" leftSection={<IconPrinter size={16} />} onClick={() => void print(id)}>
              {t('ledger.print')}
            </Button>
            <Button
              variant="light"
              leftSection={<IconFileTypePdf size={16} />}
              onClick={() =>
                void openPdf({ method: fullFeesLedger.method, path: routeHref(fullFeesLedger.path, { id }) })
              }
            >
              {t('ledger.full')}
            </Button>
          </>
        }
      />
      <Paper withBorder p="md" mb="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={3} data-testid="ledger-student">
              {l.student.name}
            </Title>
            <Text c="dimmed">
              {[l.student.admission_no, [l.student.class_name, l.student.stream_name].filter(Boolean).join(' ')]
                .filter(Boolean)
                .join(' · ')}
            </Text>
            <Anchor component={Link} size="sm" to={studentPaymentsHref(id)}>
              {t('ledger.payments')}
            </Anchor>
          </Stack>
          <Stack gap={0} align="flex-end">
            <Text size="sm" c="dimmed">
              {t('ledger.balanceNow')}
            </Text>
            <Text fw={700} size="xl" data-testid="ledger-balance">
              <BalanceText balance={l.balance} />
            </Text>
          </Stack>
        </Group>
      </Paper>
      <Stack>
        {before.length ? (
          <Paper withBorder p="md">
            <Title order={4} mb="sm">
              {t('ledger.broughtForward')}
            </Title>
            <LedgerLines lines={before} />
          </Paper>
        ) : null}
        {shown.length === 0 && before.length === 0 ? <Alert color="gray">{t('ledger.empty')}</Alert> : null}
        {[...shown].reverse().map((term) => (
          <Paper withBorder p="md" key={`${term.year}-${term.term}`} data-term={`${term.year}-${term.term}`}>
            <Group justify="space-between" mb="sm">
              <Title order={4}>{t('ledger.term', { term: term.term, year: term.year })}</Title>
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  {t('ledger.termSummary', {
                    opening: formatMoney(term.opening),
                    charged: formatMoney(term.charged),
                    reduced: formatMoney(term.reduced),
                    paid: formatMoney(term.paid),
                  })}
                </Text>
                <Tooltip label={t('ledger.printTerm')}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('ledger.printTermNamed', { term: term.term, year: term.year })}
                    onClick={() => void print(id, { year: term.year, term: term.term })}
                  >
                    <IconPrinter size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
            <LedgerLines
              lines={linesOf(term.year, term.term)}
              closing={<BalanceText balance={term.closing} />}
              opening={term.opening}
            />
          </Paper>
        ))}
        {quiet > 0 ? (
          <Text size="sm" c="dimmed" data-testid="ledger-quiet-terms">
            {t('ledger.quietTerms', { count: quiet })}
          </Text>
        ) : null}
      </Stack>
    </div>
  );
}

function LedgerLines({ lines, opening, closing }: { lines: Line[]; opening?: number; closing?: React.ReactNode }) {
  const { t } = useTranslation('fees-desk');
  const rows = lines.map((line, i) => ({ ...line, key: i }));
  return (
    <DataTable
      rows={rows}
      rowKey={(r) => r.key}
      empty={t('ledger.noLines', { opening: formatMoney(opening ?? 0) })}
      minWidth={760}
      rowProps={(r) => ({ 'data-kind': r.kind })}
      columns={[
        { key: 'date', label: t('fields.date'), render: (r) => formatDate(r.date) },
        {
          key: 'description',
          label: t('ledger.description'),
          render: (r) =>
            r.payment_id ? (
              <Anchor component={Link} to={paymentHref(r.payment_id)}>
                {r.description}
              </Anchor>
            ) : (
              r.description
            ),
        },
        {
          key: 'debit',
          label: t('ledger.debit'),
          numeric: true,
          render: (r) => (r.amount > 0 ? formatMoney(r.amount) : ''),
        },
        {
          key: 'credit',
          label: t('ledger.credit'),
          numeric: true,
          render: (r) => (r.amount < 0 ? formatMoney(-r.amount) : ''),
        },
        { key: 'balance', label: t('ledger.balance'), numeric: true, render: (r) => formatMoney(r.balance) },
      ]}
      totals={closing === undefined ? undefined : { description: t('ledger.closing'), balance: closing }}
    />
  );
}
