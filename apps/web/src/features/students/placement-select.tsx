import { Group, Select } from '@mantine/core';
import { genders, sections } from '@somero/contract';
import { useTranslation } from 'react-i18next';
import { ClassStreamSelect } from '../../components/class-stream-select';

export interface Placement {
  class_id?: number;
  stream_id?: number;
  section?: 'day' | 'boarding';
  gender?: 'M' | 'F';
}

interface Props {
  value: Placement;
  onChange: (next: Placement) => void;
  /** Which selects to show; class and stream always. */
  withSection?: boolean;
  withGender?: boolean;
  classRequired?: boolean;
}

/** Class, then only that class's streams; optionally section and gender. Used by every student list. */
export function PlacementSelect({ value, onChange, withSection, withGender, classRequired }: Props) {
  const { t } = useTranslation('students');
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <ClassStreamSelect
        labels={{ class: t('filters.class'), stream: t('filters.stream'), allStreams: t('filters.all') }}
        classPlaceholder={classRequired ? t('filters.chooseClass') : t('filters.all')}
        classRequired={classRequired}
        value={value}
        onChange={(next) => onChange({ ...value, ...next })}
      />
      {withSection ? (
        <Select
          label={t('filters.section')}
          placeholder={t('filters.all')}
          w={140}
          clearable
          data={sections.map((s) => ({ value: s.value, label: s.label }))}
          value={value.section ?? null}
          onChange={(v) => onChange({ ...value, section: (v ?? undefined) as Placement['section'] })}
        />
      ) : null}
      {withGender ? (
        <Select
          label={t('filters.gender')}
          placeholder={t('filters.all')}
          w={140}
          clearable
          data={genders.map((g) => ({ value: g.value, label: g.label }))}
          value={value.gender ?? null}
          onChange={(v) => onChange({ ...value, gender: (v ?? undefined) as Placement['gender'] })}
        />
      ) : null}
    </Group>
  );
}
