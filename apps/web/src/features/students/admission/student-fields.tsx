import { SimpleGrid } from '@mantine/core';
import { type addStudent, studentResource, type updateStudent } from '@somero/contract';
import { FieldInput, type FieldValue } from '../../../components/resource/field-input';
import { bodyOf, type FormValues } from '../../../components/resource/values';
import { useContractForm } from '../../../lib/contract-form';
import { type GuardianEntry, guardiansBody } from './guardian-entry';

/** The student's own fields, from the contract's declaration, in its order. */
export const studentFields = studentResource.fields.filter((f) => !f.readOnly);

/** The admission or edit form's values: the student's fields by their input names, and the guardians. */
export type StudentValues = { [name: string]: FieldValue | GuardianEntry[]; guardians: GuardianEntry[] };

/**
 * The admission and edit form (lib/contract-form.ts), checked by the call's schema: a student's field
 * when it is left, a guardian's typed field too (`guardians.0.phone`), in the contract's words.
 */
export function useStudentForm(schema: (typeof addStudent | typeof updateStudent)['input'], initial: StudentValues) {
  const student = useContractForm(schema, initial, ({ guardians, ...values }) => ({
    ...bodyOf(studentFields, values as FormValues),
    guardians: guardiansBody(guardians),
  }));
  const { form } = student;
  const guardians = {
    entries: student.values.guardians,
    errors: form.errors,
    onLeave: (path: string) => form.validateField(path),
    onChange: (entries: GuardianEntry[]) => {
      form.setFieldValue('guardians', entries);
      // A guardian's message a moment ago: say at once whether it is right now (or gone with its entry).
      for (const path of Object.keys(form.errors)) if (path.startsWith('guardians')) form.validateField(path);
    },
  };
  return { ...student, guardians };
}

/** The admission and edit form's student fields; the stream offers only the chosen class's streams. */
export function StudentFields({ form }: { form: ReturnType<typeof useStudentForm> }) {
  const { values, field, setValue } = form;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {studentFields.map((f) => {
        const { onChange, onBlur, error } = field(f.name);
        return (
          <div key={f.name} style={f.kind === 'textarea' ? { gridColumn: '1 / -1' } : undefined}>
            <FieldInput
              field={f}
              value={(values[f.name] ?? null) as FieldValue}
              onChange={(value) => {
                onChange(value);
                // A stream belongs to one class: a new class clears it.
                if (f.name === 'class_id' && value !== values.class_id) setValue('stream_id', null);
              }}
              onBlur={onBlur}
              error={error}
              only={f.name === 'stream_id' ? (o) => o.row.class_id === values.class_id : undefined}
            />
          </div>
        );
      })}
    </SimpleGrid>
  );
}
