import { type EventRow, eventTypes, invitedGroups } from '@somero/contract';

export const typeLabel = (value: string) => eventTypes.find((t) => t.value === value)?.label ?? value;

/** Who is invited, as one line: "Parents, S4, the DEO". */
export const invitedText = (e: EventRow) =>
  [
    ...e.invited.map((g) =>
      g === 'class' ? (e.class_name ?? '') : (invitedGroups.find((o) => o.value === g)?.label ?? g),
    ),
    ...(e.invited_note ? [e.invited_note] : []),
  ]
    .filter(Boolean)
    .join(', ');
