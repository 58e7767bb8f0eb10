import type { Field } from '@somero/contract';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { FieldValue } from './field-input';
import { type ReferenceOption, referenceRowsQuery } from './reference-options';

/**
 * For each reference field whose declaration limits what it offers (`offer`), the filter of its
 * options given the record's other values: a teaching load's subjects follow its class. The rows of
 * the `by` targets are the selects' own queries, so nothing is fetched twice.
 */
export function useOffers(fields: Field[], values: Record<string, FieldValue>) {
  const targets = useMemo(
    () => [
      ...new Set(fields.flatMap((f) => fields.find((g) => f.offer?.by && g.name === f.offer.by)?.references ?? [])),
    ],
    [fields],
  );
  const rows = useQueries({ queries: targets.map(referenceRowsQuery) });
  // Worked out on each render: a form has a handful of fields.
  const out: Record<string, (o: ReferenceOption) => boolean> = {};
  for (const f of fields) {
    const offer = f.offer;
    if (!offer) continue;
    if (!offer.by) {
      out[f.name] = (o) => offer.keep(o.row);
      continue;
    }
    const target = fields.find((g) => g.name === offer.by)?.references;
    const chosenId = values[offer.by];
    const chosen =
      target && typeof chosenId === 'number'
        ? rows[targets.indexOf(target)]?.data?.find((row) => row.id === chosenId)
        : undefined;
    if (chosen) out[f.name] = (o) => offer.keep(o.row, chosen);
  }
  return out;
}
