import { Button, CloseButton, Group, Paper, Pill, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { feesDemandNotes } from '@somero/contract';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from '../../components/money-input';
import { PageHeader } from '../../components/page-title';
import { type StudentOption, StudentPicker } from '../../components/student-picker';
import { openPdf } from '../../lib/downloads';
import { type Placement, PlacementSelect } from '../students/placement-select';

/** /fees/demand: demand notes for a class (or stream) or chosen students, one per page, as a PDF to print. */
export default function DemandNotesScreen() {
  const { t } = useTranslation('fees-reports');
  const [mode, setMode] = useState<'class' | 'students'>('class');
  const [placement, setPlacement] = useState<Placement>({});
  const [chosen, setChosen] = useState<StudentOption[]>([]);
  const [minBalance, setMinBalance] = useState<number | null>(0);
  const [dueOn, setDueOn] = useState('');
  const [printing, setPrinting] = useState(false);
  // A fresh picker after each pick, so its box is empty for the next student.
  const [picks, setPicks] = useState(0);
  const ready = mode === 'class' ? placement.class_id !== undefined : chosen.length > 0;

  const print = async () => {
    setPrinting(true);
    const who =
      mode === 'class'
        ? { class_id: placement.class_id, stream_id: placement.stream_id }
        : { student_ids: chosen.map((c) => c.item.id) };
    await openPdf({
      method: feesDemandNotes.method,
      path: feesDemandNotes.path,
      body: { ...who, min_balance: minBalance ?? 0, due_on: dueOn || undefined },
    });
    setPrinting(false);
  };

  return (
    <div data-screen-status="built">
      <PageHeader />
      <Paper withBorder p="md" maw={760}>
        <Stack>
          <SegmentedControl
            w="fit-content"
            value={mode}
            onChange={(v) => setMode(v === 'students' ? 'students' : 'class')}
            data={[
              { value: 'class', label: t('demand.byClass') },
              { value: 'students', label: t('demand.byStudent') },
            ]}
          />
          {mode === 'class' ? (
            <PlacementSelect value={placement} onChange={setPlacement} classRequired />
          ) : (
            <>
              <StudentPicker
                key={picks}
                w={420}
                value={null}
                onChange={(s) => {
                  if (s && !chosen.some((c) => c.value === s.value)) setChosen([...chosen, s]);
                  setPicks((n) => n + 1);
                }}
              />
              <Group gap="xs" data-testid="demand-chosen">
                {chosen.length === 0 ? (
                  <Text c="dimmed" size="sm">
                    {t('demand.noneChosen')}
                  </Text>
                ) : (
                  chosen.map((c) => (
                    <Pill key={c.value} size="md">
                      <Group gap={4} wrap="nowrap">
                        {c.item.name} · {c.item.admission_no}
                        <CloseButton
                          size="xs"
                          aria-label={t('demand.remove', { name: c.item.name })}
                          onClick={() => setChosen(chosen.filter((x) => x.value !== c.value))}
                        />
                      </Group>
                    </Pill>
                  ))
                )}
              </Group>
            </>
          )}
          <Group align="flex-end">
            <MoneyInput label={t('demand.owingMore')} w={200} value={minBalance} onChange={setMinBalance} />
            <TextInput
              type="date"
              label={t('demand.dueOn')}
              value={dueOn}
              onChange={(e) => setDueOn(e.currentTarget.value)}
            />
          </Group>
          <Text size="sm" c="dimmed">
            {t('demand.help')}
          </Text>
          <Group>
            <Button
              leftSection={<IconPrinter size={16} />}
              onClick={() => void print()}
              disabled={!ready}
              loading={printing}
            >
              {t('demand.print')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </div>
  );
}
