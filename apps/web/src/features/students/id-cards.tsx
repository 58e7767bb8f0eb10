import { Button, CloseButton, Group, Paper, Pill, SegmentedControl, Stack, Text } from '@mantine/core';
import { studentIdCards } from '@somero/contract';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-title';
import { type StudentOption, StudentPicker } from '../../components/student-picker';
import { openPdf } from '../../lib/downloads';
import { type Placement, PlacementSelect } from './placement-select';

/** /student/idcards: a class's (or stream's) cards, or chosen students', as a PDF to print. */
export default function IdCardsScreen() {
  const { t } = useTranslation('students');
  const [mode, setMode] = useState<'class' | 'students'>('class');
  const [placement, setPlacement] = useState<Placement>({});
  const [chosen, setChosen] = useState<StudentOption[]>([]);
  const [printing, setPrinting] = useState(false);
  // A fresh picker after each pick, so its box is empty for the next student.
  const [picks, setPicks] = useState(0);
  const ready = mode === 'class' ? placement.class_id !== undefined : chosen.length > 0;

  const print = async () => {
    setPrinting(true);
    const body =
      mode === 'class'
        ? { class_id: placement.class_id, stream_id: placement.stream_id }
        : { student_ids: chosen.map((c) => c.item.id) };
    await openPdf({ method: studentIdCards.method, path: studentIdCards.path, body });
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
              { value: 'class', label: t('idcards.byClass') },
              { value: 'students', label: t('idcards.byStudent') },
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
              <Group gap="xs">
                {chosen.length === 0 ? (
                  <Text c="dimmed" size="sm">
                    {t('idcards.noneChosen')}
                  </Text>
                ) : (
                  chosen.map((c) => (
                    <Pill key={c.value} size="md">
                      <Group gap={4} wrap="nowrap">
                        {c.item.name} · {c.item.admission_no}
                        <CloseButton
                          size="xs"
                          aria-label={t('idcards.remove', { name: c.item.name })}
                          onClick={() => setChosen(chosen.filter((x) => x.value !== c.value))}
                        />
                      </Group>
                    </Pill>
                  ))
                )}
              </Group>
            </>
          )}
          <Text size="sm" c="dimmed">
            {t('idcards.help')}
          </Text>
          <Group>
            <Button
              leftSection={<IconPrinter size={16} />}
              onClick={() => void print()}
              disabled={!ready}
              loading={printing}
            >
              {t('idcards.print')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </div>
  );
}
