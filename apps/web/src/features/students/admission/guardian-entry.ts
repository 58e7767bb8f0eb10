import { type guardianLink, phoneDisplay, type StudentProfile } from '@somero/contract';
import type { z } from 'zod';

/** A guardian on the admission or edit form: one already on record, or a new one typed in. */
export type GuardianEntry =
  | { key: string; kind: 'existing'; guardian_id: number; label: string; primary: boolean }
  | {
      key: string;
      kind: 'new';
      name: string;
      relationship: string;
      phone: string;
      email: string;
      occupation: string;
      primary: boolean;
    };

let counter = 0;
export const entryKey = () => `guardian-${++counter}`;

export const newGuardian = (primary: boolean): GuardianEntry => ({
  key: entryKey(),
  kind: 'new',
  name: '',
  relationship: 'Guardian',
  phone: '',
  email: '',
  occupation: '',
  primary,
});

export const guardianLabel = (g: { name: string; relationship: string; phone: string }) =>
  `${g.name} (${g.relationship}) · ${phoneDisplay(g.phone)}`;

/** A profile's guardians as entries of the edit form. */
export const entriesOf = (profile: StudentProfile): GuardianEntry[] =>
  profile.guardians.map((g) => ({
    key: entryKey(),
    kind: 'existing',
    guardian_id: g.id,
    label: guardianLabel(g),
    primary: g.primary,
  }));

/** The `guardians` of an admission or change. */
export const guardiansBody = (entries: GuardianEntry[]): z.input<typeof guardianLink>[] =>
  entries.map((e) =>
    e.kind === 'existing'
      ? { guardian_id: e.guardian_id, primary: e.primary }
      : {
          name: e.name,
          relationship: e.relationship,
          phone: e.phone,
          email: e.email.trim() || null,
          occupation: e.occupation.trim() || null,
          primary: e.primary,
        },
  );
