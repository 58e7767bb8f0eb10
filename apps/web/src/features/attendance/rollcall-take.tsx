import { Alert, Badge, Button, Checkbox, Group, Paper, Text, Textarea, TextInput } from '@mantine/core';
import { changeRollcallMark, type RollcallView, rollcallComment, takeRollcall } from '@somero/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClassStreamSelect } from '../../components/class-stream-select';
import { DataTable } from '../../components/data-table';
import { DateField } from '../../components/date-field';
import { PageHeader } from '../../components/page-title';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { api } from '../../lib/api';
import { formatDate, today } from '../../lib/format';
import { kampalaClock } from './gate';

/**
 * /rollcall/new: choose the roll-call (morning prep, dormitory…), the class (or stream) or house, and
 * the day; everyone starts ticked present, untick who is missing and save. A roll-call already taken
 * shows its marks, each changed with one click, and its comment.
 */
export default function TakeRollcallScreen() {
  const { t } = useTranslation('attendance');
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [classId, setClassId] = useState<number | null>(null);
  const [streamId, setStreamId] = useState<number | null>(null);
  const [house, setHouse] = useState('');
  const [date, setDate] = useState(today());
  const [view, setView] = useState<RollcallView | null>(null);
  const [absent, setAbsent] = useState<Set<number>>(new Set());
  const [comment, setComment] = useState('');
  const group = {
    class_id: classId ?? undefined,
    stream_id: streamId ?? undefined,
    house: classId ? undefined : house.trim() || undefined,
  };
  const ready = Boolean(categoryId && (classId || house.trim()) && date);
  const groupKey = JSON.stringify([categoryId, group, date]);

  useEffect(() => {
    if (!ready || !categoryId) {
      setView(null);
      return;
    }
    let live = true;
    void api(takeRollcall, { category_id: categoryId, date, ...group }, { module: 'attendance', quiet: true }).then(
      (res) => {
        if (!live) return;
        setView(res.ok ? res.data : null);
        setAbsent(new Set());
        setComment(res.ok ? (res.data.comment ?? '') : '');
      },
    );
    return () => {
      live = false;
    };
  }, [groupKey, ready]);

  const save = async () => {
    if (!categoryId) return;
    const res = await api(
      takeRollcall,
      { category_id: categoryId, date, ...group, absent: [...absent] },
      { module: 'attendance' },
    );
    if (res.ok) setView(res.data);
  };
  const toggle = async (markId: number) => {
    const res = await api(changeRollcallMark, {}, { id: markId, module: 'attendance' });
    if (res.ok) setView(res.data);
  };
  const saveComment = async () => {
    if (!view?.id) return;
    const res = await api(rollcallComment, { rollcall_id: view.id, comment }, { module: 'attendance' });
    if (res.ok) setView(res.data);
  };
  const taken = Boolean(view?.id);
  const presentCount = view ? (taken ? view.present : view.students.length - absent.size) : 0;
  const absentCount = view ? (taken ? view.absent : absent.size) : 0;

  return (
    <div data-screen-status="built">
      <PageHeader />
      <Paper withBorder p="md" mb="md">
        <Group align="flex-end" wrap="wrap">
          <ReferenceSelect
            label={t('fields.rollcall')}
            references="rollcal/categories"
            w={180}
            value={categoryId}
            onChange={setCategoryId}
          />
          <ClassStreamSelect
            labels={{ class: t('fields.class'), stream: t('fields.stream'), allStreams: t('register.allStreams') }}
            widths={[130, 150]}
            value={{ class_id: classId, stream_id: streamId }}
            onChange={(next) => {
              setClassId(next.class_id ?? null);
              setStreamId(next.stream_id ?? null);
            }}
          />
          <TextInput
            label={t('fields.house')}
            placeholder={t('rollcall.houseHint')}
            w={150}
            value={house}
            disabled={Boolean(classId)}
            onChange={(e) => setHouse(e.currentTarget.value)}
          />
          <DateField label={t('fields.date')} value={date} max={today()} onChange={setDate} />
        </Group>
      </Paper>
      {!view ? <Text c="dimmed">{t('rollcall.choose')}</Text> : null}
      {view ? (
        <Paper withBorder p="md">
          {taken ? (
            <Alert color="blue" mb="sm" data-testid="rollcall-taken">
              {t('rollcall.taken', {
                name: `${view.category}, ${view.group}`,
                when: `${formatDate(view.date)}, ${kampalaClock(view.taken_at)}`,
                by: view.taken_by,
              })}
            </Alert>
          ) : null}
          <Group justify="space-between" mb="sm" wrap="wrap">
            <Text fw={600} data-testid="rollcall-counts">
              {t('rollcall.counts', { present: presentCount, absent: absentCount })}
            </Text>
            {taken ? null : (
              <Button onClick={() => void save()} disabled={!view.students.length}>
                {t('rollcall.save')}
              </Button>
            )}
          </Group>
          <DataTable
            rows={view.students}
            rowKey={(s) => s.student_id}
            empty={t('rollcall.none')}
            minWidth={520}
            columns={[
              {
                key: 'present',
                label: t('rollcall.present'),
                width: 110,
                render: (s) =>
                  taken ? (
                    <Badge color={s.present ? 'green' : 'red'} variant="light">
                      {t(s.present ? 'status.present' : 'status.absent')}
                    </Badge>
                  ) : (
                    <Checkbox
                      checked={!absent.has(s.student_id)}
                      aria-label={t('rollcall.presentNamed', { name: s.name })}
                      onChange={(e) => {
                        const next = new Set(absent);
                        if (e.currentTarget.checked) next.delete(s.student_id);
                        else next.add(s.student_id);
                        setAbsent(next);
                      }}
                    />
                  ),
              },
              { key: 'name', label: t('fields.student') },
              { key: 'admission_no', label: t('fields.admissionNo') },
            ]}
            actions={(s) =>
              taken && s.mark_id ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => void toggle(s.mark_id as number)}
                  aria-label={t('rollcall.changeNamed', { name: s.name })}
                >
                  {t(s.present ? 'rollcall.markAbsent' : 'rollcall.markPresent')}
                </Button>
              ) : null
            }
          />
          {taken ? (
            <Group align="flex-end" mt="md">
              <Textarea
                label={t('fields.comment')}
                style={{ flex: 1 }}
                autosize
                minRows={2}
                maxLength={1000}
                value={comment}
                onChange={(e) => setComment(e.currentTarget.value)}
              />
              <Button variant="light" onClick={() => void saveComment()}>
                {t('rollcall.saveComment')}
              </Button>
            </Group>
          ) : null}
        </Paper>
      ) : null}
    </div>
  );
}
