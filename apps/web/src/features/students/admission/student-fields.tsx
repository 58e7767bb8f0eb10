import { SimpleGrid } from '@mantine/core';
import { studentResource } from '@somero/contract';
import { FieldInput, type FieldValue } from '../../../components/resource/field-input';
import type { FormValues } from '../../../components/resource/values';

/** The student's own fields, from the contract's declaration, in its order. */
export const studentFields = studentResource.fields.filter((f) => !f.readOnly);

interface Props {
  values: FormValues;
  onChange: (values: FormValues) => void;
  errors: Record<string, string>;
}

/** The admission and edit form's student fields; the stream offers only the chosen class's streams. */
export function StudentFields({ values, onChange, errors }: Props) {
  const set = (name: string, value: FieldValue) => {
    const next = { ...values, [name]: value };
    // A stream belongs to one class: a new class clears it.
    if (name === 'class_id' && value !== values.class_id) next.stream_id = null;
    onChange(next);
  };
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {studentFields.map((f) => (
        <div key={f.name} style={f.kind === 'textarea' ? { gridColumn: '1 / -1' } : undefined}>
          <FieldInput
            field={f}
            value={values[f.name] ?? null}
            onChange={(v) => set(f.name, v)}
            error={errors[f.name]}
            only={f.name === 'stream_id' ? (o) => o.row.class_id === values.class_id : undefined}
          />
        </div>
      ))}
    </SimpleGrid>
  );
}
