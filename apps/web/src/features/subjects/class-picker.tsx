import { Group, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ReferenceSelect } from '../../components/resource/reference-select';

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
        <ReferenceSelect
          label={t('class')}
          placeholder={t('chooseClass')}
          references="classes"
          w={160}
          required
          only={level ? (o) => o.row.level === level : undefined}
          value={value.class_id ?? null}
          onChange={(id) => onChange({ class_id: id ?? undefined })}
        />
        {streams ? (
          <ReferenceSelect
            label={t('stream')}
            placeholder={t('allStreams')}
            references="streams"
            w={160}
            disabled={!value.class_id}
            only={(o) => o.row.class_id === value.class_id}
            value={value.stream_id ?? null}
            onChange={(id) => onChange({ ...value, stream_id: id ?? undefined })}
          />
        ) : null}
      </Group>
    </Paper>
  );
}
