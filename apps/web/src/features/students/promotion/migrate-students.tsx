import { Alert, Badge, Button, Checkbox, Group, List, Modal, Paper, Table, Text, Title } from '@mantine/core';
import { migrateStudents, toMigrate } from '@somero/contract';
import { IconArrowRight } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/centered-loader';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-title';
import { resourceKey } from '../../../components/resource/calls';
import { ReferenceSelect } from '../../../components/resource/reference-select';
import { api, type CallOutput, fetchData } from '../../../lib/api';
import { formatDate, formatMoney } from '../../../lib/format';
import { useSaving } from '../../../lib/saving';
import { studentKeys } from '../keys';
import { genderLabel, placementLabel } from '../student-table';

type Outcome = CallOutput<typeof migrateStudents>;

/**
 * /students/migrate: year end for one class: promote it, or its leavers become old students owing their
 * ledger balance; repeaters stay. "Migrate" first asks the API for a preview (what would happen, the debts
 * carried, whether the year has ended) and shows it; confirming sends the migration with `confirm`.
 */
export default function MigrateStudentsScreen() {
  const { t } = useTranslation('students');
  const saving = useSaving();
  const queryClient = useQueryClient();
  const [classId, setClassId] = useState<number | null>(null);
  const [repeaters, setRepeaters] = useState<Set<number>>(new Set());
  const [preview, setPreview] = useState<Outcome | null>(null);
  const [done, setDone] = useState<Outcome | null>(null);
  const plan = useQuery({
    queryKey: studentKeys.toMigrate(classId),
    queryFn: () => fetchData(toMigrate, { class_id: classId ?? 0 }).then((r) => r.data),
    enabled: classId !== null,
  });
  // Those the year's last report cards advise to repeat start ticked; the director of studies may untick them.
  const advised = plan.data?.year_end.filter((d) => d.decision === 'repeat').map((d) => d.student_id);
  const advisedKey = advised?.join(',');
  useEffect(() => {
    if (advisedKey !== undefined) setRepeaters(new Set(advisedKey ? advisedKey.split(',').map(Number) : []));
  }, [advisedKey]);
  const cardSays = new Map(plan.data?.year_end.map((d) => [d.student_id, d.text]));
  const from = plan.data?.from.name ?? '';
  const to = plan.data?.to?.name;
  const movers = (plan.data?.students.length ?? 0) - repeaters.size;

  const toggle = (id: number) =>
    setRepeaters((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  /** What the migration would do, worked out by the API without writing anything. */
  const askPreview = async () => {
    if (classId === null) return;
    const result = await api(
      migrateStudents,
      { class_id: classId, repeaters: [...repeaters], preview: true, confirm: false },
      { module: 'students', action: 'migrate', silentSuccess: true },
    );
    if (result.ok) setPreview(result.data);
  };

  const migrate = async () => {
    if (classId === null) return;
    const result = await api(
      migrateStudents,
      { class_id: classId, repeaters: [...repeaters], preview: false, confirm: true },
      { module: 'students', action: 'migrate' },
    );
    setPreview(null);
    if (result.ok) {
      setDone(result.data);
      setRepeaters(new Set());
      void queryClient.invalidateQueries({ queryKey: studentKeys.all });
      void queryClient.invalidateQueries({ queryKey: resourceKey('old_students') });
    }
  };

  return (
    <div data-screen-status="built">
      <PageHeader />
      <Paper withBorder p="md" mb="md">
        <Group align="flex-end">
          <ReferenceSelect
            label={t('migrate.class')}
            placeholder={t('filters.chooseClass')}
            references="classes"
            w={180}
            value={classId}
            onChange={(id) => {
              setClassId(id);
              setRepeaters(new Set());
              setDone(null);
            }}
          />
          {plan.data ? (
            <Group gap="xs" data-testid="migration-route">
              <Badge size="lg" variant="light">
                {from}
              </Badge>
              <IconArrowRight size={18} />
              {to ? (
                <Badge size="lg" variant="light" color="green">
                  {to}
                </Badge>
              ) : (
                <Badge size="lg" variant="light" color="orange">
                  {t('migrate.leave')}
                </Badge>
              )}
            </Group>
          ) : null}
        </Group>
      </Paper>
      {done ? (
        <Alert color="green" mb="md" role="status" title={t('migrate.doneTitle')}>
          {t('migrate.done', done)}
        </Alert>
      ) : null}
      {classId === null ? (
        <Text c="dimmed">{t('migrate.choose')}</Text>
      ) : plan.isPending ? (
        <CenteredLoader />
      ) : plan.isError ? (
        <LoadError error={plan.error} onRetry={() => void plan.refetch()} />
      ) : (
        <Paper withBorder p="md">
          <Group justify="space-between" mb="md">
            <Title order={3} size="h4">
              {to
                ? t('migrate.plan', { count: movers, from, to, repeat: repeaters.size })
                : t('migrate.planLeave', { count: movers, from, repeat: repeaters.size })}
            </Title>
            <Button onClick={() => void askPreview()} disabled={plan.data.students.length === 0} loading={saving}>
              {t('migrate.start')}
            </Button>
          </Group>
          {advised?.length ? (
            <Alert color="blue" mb="md" data-testid="advised-to-repeat">
              {t('migrate.fromCards', { count: advised.length })}
            </Alert>
          ) : null}
          {plan.data.students.length === 0 ? (
            <Text c="dimmed">{t('migrate.nobody', { from })}</Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={90}>{t('migrate.repeats')}</Table.Th>
                    <Table.Th>{t('columns.admissionNo')}</Table.Th>
                    <Table.Th>{t('columns.name')}</Table.Th>
                    <Table.Th>{t('columns.gender')}</Table.Th>
                    <Table.Th>{t('columns.class')}</Table.Th>
                    {cardSays.size ? <Table.Th>{t('migrate.card')}</Table.Th> : null}
                    <Table.Th>{t('migrate.goesTo')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {plan.data.students.map((s) => (
                    <Table.Tr key={s.id}>
                      <Table.Td>
                        <Checkbox
                          aria-label={t('migrate.repeatNamed', { name: s.name })}
                          checked={repeaters.has(s.id)}
                          onChange={() => toggle(s.id)}
                        />
                      </Table.Td>
                      <Table.Td>{s.admission_no}</Table.Td>
                      <Table.Td>{s.name}</Table.Td>
                      <Table.Td>{genderLabel(s.gender)}</Table.Td>
                      <Table.Td>{placementLabel(s)}</Table.Td>
                      {cardSays.size ? <Table.Td>{cardSays.get(s.id) ?? '—'}</Table.Td> : null}
                      <Table.Td>
                        {repeaters.has(s.id) ? t('migrate.stays', { from }) : (to ?? t('migrate.leave'))}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
      )}
      <Modal opened={preview !== null} onClose={() => setPreview(null)} title={t('migrate.confirmTitle')} centered>
        {preview ? (
          <div data-testid="migration-preview">
            {preview.year_ended ? null : (
              <Alert color="orange" mb="md" title={t('migrate.earlyTitle')}>
                {t('migrate.early', { year: preview.year, date: formatDate(preview.year_ends_on) })}
              </Alert>
            )}
            <List spacing={4} mb="md">
              {to ? <List.Item>{t('migrate.willPromote', { count: preview.promoted, from, to })}</List.Item> : null}
              {to ? null : <List.Item>{t('migrate.willLeave', { count: preview.left, from })}</List.Item>}
              {to ? null : (
                <List.Item>
                  {t('migrate.debts', { count: preview.leavers_owing, amount: formatMoney(preview.debt_carried) })}
                </List.Item>
              )}
              {preview.credit_carried > 0 ? (
                <List.Item>{t('migrate.credits', { amount: formatMoney(preview.credit_carried) })}</List.Item>
              ) : null}
              <List.Item>{t('migrate.willRepeat', { count: preview.repeated, from })}</List.Item>
            </List>
            <Text size="sm" c="dimmed" mb="lg">
              {t('migrate.history')}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPreview(null)}>
                {t('migrate.cancel')}
              </Button>
              <Button color={preview.year_ended ? 'blue' : 'orange'} onClick={() => void migrate()} loading={saving}>
                {preview.year_ended ? t('migrate.start') : t('migrate.startEarly')}
              </Button>
            </Group>
          </div>
        ) : null}
      </Modal>
    </div>
  );
}
