import { CloseButton, Group, Pill, SegmentedControl, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type StudentOption, StudentPicker } from '../../../components/student-picker';
import { type Placement, PlacementSelect } from '../placement-select';

/** Who a printed batch is for: a class (or one stream of it), or students chosen one by one. */
export type StudentsChoice = { class_id?: number; stream_id?: number } | { student_ids: number[] };

/** The choice, and whether it names anyone yet (a class chosen, or at least one student). */
export function useStudentsChoice() {
  const [mode, setMode] = useState<'class' | 'students'>('class');
  const [placement, setPlacement] = useState<Placement>({});
  const [chosen, setChosen] = useState<StudentOption[]>([]);
  const ready = mode === 'class' ? placement.class_id !== undefined : chosen.length > 0;
  const body: StudentsChoice =
    mode === 'class'
      ? { class_id: placement.class_id, stream_id: placement.stream_id }
      : { student_ids: chosen.map((c) => c.item.id) };
  return { mode, setMode, placement, setPlacement, chosen, setChosen, ready, body };
}

/**
 * "A class or stream" or "Chosen students" (ID cards, demand notes): the class and stream selects, or a
 * student picker whose picks gather as removable pills.
 */
export function StudentsChoiceInput({ choice }: { choice: ReturnType<typeof useStudentsChoice> }) {
  const { t } = useTranslation('students');
  const { mode, setMode, placement, setPlacement, chosen, setChosen } = choice;
  // A fresh picker after each pick, so its box is empty for the next student.
  const [picks, setPicks] = useState(0);
  return (
    <>
      <SegmentedControl
        w="fit-content"
        value={mode}
        onChange={(v) => setMode(v === 'students' ? 'students' : 'class')}
        data={[
          { value: 'class', label: t('choice.byClass') },
          { value: 'students', label: t('choice.byStudent') },
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
          <Group gap="xs" data-testid="students-chosen">
            {chosen.length === 0 ? (
              <Text c="dimmed" size="sm">
                {t('choice.noneChosen')}
              </Text>
            ) : (
              chosen.map((c) => (
                <Pill key={c.value} size="md">
                  <Group gap={4} wrap="nowrap">
                    {c.item.name} · {c.item.admission_no}
                    <CloseButton
                      size="xs"
                      aria-label={t('choice.remove', { name: c.item.name })}
                      onClick={() => setChosen(chosen.filter((x) => x.value !== c.value))}
                    />
                  </Group>
                </Pill>
              ))
            )}
          </Group>
        </>
      )}
    </>
  );
}
