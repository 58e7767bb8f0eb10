import { Modal, SimpleGrid } from '@mantine/core';
import type { Resource } from '@somero/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { useContractForm } from '../../lib/contract-form';
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

/**
 * Add or edit a record of a declared entity: one input per field, each checked as it is left by the
 * entity's input schema (its patch schema when editing), as the API checks it; the server's errors on the fields.
 */
export function ResourceForm({ resource: r, row, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const fields = r.fields.filter((f) => !f.readOnly);
  const school = useSchoolDetails().data;
  const current = school ? { year: school.current_year, term: school.current_term } : undefined;
  const calls = resourceCalls(r);
  // Values by JSON name, the names of the schema's messages and of a 422's; what is checked is the body sent.
  const { form, values, field, submit, setValue } = useContractForm(
    row ? r.patch : r.input,
    initialValues(fields, row, current),
    (v) => bodyOf(fields, v),
  );
  // Fields the user has set themselves: a new record's `follows` field stops following once touched.
  const touched = useRef(new Set<string>());
  const change = (name: string, v: FieldValue) => {
    touched.current.add(name);
    field(name).onChange(v);
    if (row || typeof v !== 'string') return;
    for (const g of fields) {
      if (g.follows?.field !== name || touched.current.has(g.name)) continue;
      const followed = g.follows.values[v];
      if (followed !== undefined) setValue(g.name, followed);
    }
  };
  // A new record's year and term start at the school's current ones, also when they load after the form.
  const [currentYear, currentTerm] = [current?.year, current?.term];
  useEffect(() => {
    if (row || currentYear === undefined || currentTerm === undefined) return;
    const now = form.getValues();
    for (const f of fields)
      if (f.current && (now[f.name] === null || now[f.name] === ''))
        setValue(f.name, f.current === 'year' ? currentYear : currentTerm);
  }, [currentYear, currentTerm]);
  const offers = useOffers(fields, values);
  const title = row ? t('resource.edit', { label: r.label.one }) : t('resource.add', { label: r.label.one });

  const save = submit(
    (body) =>
      row
        ? api(calls.update, body, {
            id: row.id,
            texts: { failure: r.texts.updateFailed },
            refusalAsSuccess: r.refusalAsSuccess,
          })
        : api(calls.create, body, { texts: { failure: r.texts.addFailed }, refusalAsSuccess: r.refusalAsSuccess }),
    onSaved,
  );

  return (
    <Modal opened onClose={onClose} title={title} size={fields.length > 4 ? 'lg' : 'md'}>
      <form onSubmit={(e) => void save(e)} noValidate>
        <SimpleGrid cols={{ base: 1, sm: fields.length > 4 ? 2 : 1 }}>
          {fields.map((f, i) => {
            const { value, error, onBlur, onFocus } = field(f.name);
            return (
              <FieldInput
                key={f.name}
                field={f}
                value={value ?? null}
                onChange={(v) => change(f.name, v)}
                onBlur={onBlur}
                onFocus={onFocus}
                only={offers[f.name]}
                error={error}
                autoFocus={i === 0}
              />
            );
          })}
        </SimpleGrid>
        <FormButtons onCancel={onClose} />
      </form>
    </Modal>
  );
}
