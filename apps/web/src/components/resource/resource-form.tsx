import { Modal, SimpleGrid } from '@mantine/core';
import type { Resource } from '@somero/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, fieldErrors } from '../../lib/api';
import { useSchoolDetails } from '../../lib/school';
import { FormButtons } from '../form-buttons';
import { type ResourceRow, resourceCalls } from './calls';
import { FieldInput, type FieldValue } from './field-input';
import { useOffers } from './offers';
import { bodyOf, initialValues } from './values';

interface Props {
  resource: Resource;
  /** null adds a new record. */
  row: ResourceRow | null;
  onClose: () => void;
  onSaved: (row: ResourceRow) => void;
}

/** Add or edit a record of a declared entity: one input per field, the server's errors on the fields. */
export function ResourceForm({ resource: r, row, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const fields = r.fields.filter((f) => !f.readOnly);
  const school = useSchoolDetails().data;
  const current = school ? { year: school.current_year, term: school.current_term } : undefined;
  const [values, setValues] = useState(() => initialValues(fields, row, current));
  // Fields the user has set themselves: a new record's `follows` field stops following once touched.
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const change = (name: string, v: FieldValue) => {
    setTouched((now) => new Set(now).add(name));
    setValues((current) => {
      const next = { ...current, [name]: v };
      if (row) return next;
      for (const g of fields) {
        if (g.follows?.field !== name || touched.has(g.name) || typeof v !== 'string') continue;
        const followed = g.follows.values[v];
        if (followed !== undefined) next[g.name] = followed;
      }
      return next;
    });
  };
  // A new record's year and term start at the school's current ones, also when they load after the form.
  const [currentYear, currentTerm] = [current?.year, current?.term];
  useEffect(() => {
    if (row || currentYear === undefined || currentTerm === undefined) return;
    setValues((now) => {
      const next = { ...now };
      for (const f of fields)
        if (f.current && (now[f.name] === null || now[f.name] === ''))
          next[f.name] = f.current === 'year' ? currentYear : currentTerm;
      return next;
    });
  }, [currentYear, currentTerm]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const calls = resourceCalls(r);
  const offers = useOffers(fields, values);
  const title = row ? t('resource.edit', { label: r.label.one }) : t('resource.add', { label: r.label.one });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const body = bodyOf(fields, values);
    const result = row
      ? await api(calls.update, body, {
          id: row.id,
          texts: { failure: r.texts.updateFailed },
          refusalAsSuccess: r.refusalAsSuccess,
        })
      : await api(calls.create, body, { texts: { failure: r.texts.addFailed }, refusalAsSuccess: r.refusalAsSuccess });
    if (result.ok) onSaved(result.data);
    else setErrors(fieldErrors(result.errors));
  };

  return (
    <Modal opened onClose={onClose} title={title} size={fields.length > 4 ? 'lg' : 'md'}>
      <form onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: fields.length > 4 ? 2 : 1 }}>
          {fields.map((f, i) => (
            <FieldInput
              key={f.name}
              field={f}
              value={values[f.name] ?? null}
              onChange={(v) => change(f.name, v)}
              only={offers[f.name]}
              error={errors[f.name]}
              autoFocus={i === 0}
            />
          ))}
        </SimpleGrid>
        <FormButtons onCancel={onClose} />
      </form>
    </Modal>
  );
}
