import { Group, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ClassStreamSelect } from '../../components/class-stream-select';

export interface ClassChoice {
  class_id?: number;
  stream_id?: number;
}

/** Class and stream, as every screen of this area picks them; `level` limits the classes offered. */
export function ClassPicker({
  value,
  onChange,
  level,
  streams = true,
}: {
  value: ClassChoice;
  onChange: (next: ClassChoice) => void;
  level?: 'olevel' | 'alevel';
  streams?: boolean;
}) {
  const { t } = useTranslation('subjects');
  return (
    <Paper withBorder p="md" mb="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <ClassStreamSelect
          labels={{ class: t('class'), stream: t('stream'), allStreams: t('allStreams') }}
          classPlaceholder={t('chooseClass')}
          classRequired
          classOnly={level ? (o) => o.row.level === level : undefined}
          noStream={!streams}
          widths={[160, 160]}
          value={value}
          onChange={onChange}
        />
      </Group>
    </Paper>
  );
}
