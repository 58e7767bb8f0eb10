/**
 * Who may see and change an E-Learning resource, and what publishing does. Pure: no I/O.
 * A draft is seen by its author and administrators; a published resource by every signed-in user.
 * Only the author or an administrator edits, publishes, withdraws or deletes.
 */

export interface Viewer {
  userId: number;
  admin: boolean;
}

export interface Held {
  status: string;
  authorId: number | null;
}

export const isAuthor = (row: Held, who: Viewer) => row.authorId !== null && row.authorId === who.userId;

export const canSee = (row: Held, who: Viewer) => row.status === 'published' || who.admin || isAuthor(row, who);

export const canChange = (row: Held, who: Viewer) => who.admin || isAuthor(row, who);

export type PublishAction = 'publish' | 'withdraw';

/** The status `DELETE publish/{id}` leads to, or the sentence refusing it (never a toggle). */
export function publishStep(
  status: string,
  action: PublishAction,
  title: string,
): { ok: true; status: 'draft' | 'published' } | { ok: false; message: string } {
  if (action === 'publish')
    return status === 'published'
      ? { ok: false, message: `${title} is already published.` }
      : { ok: true, status: 'published' };
  return status === 'published'
    ? { ok: true, status: 'draft' }
    : { ok: false, message: `${title} is a draft; there is nothing to withdraw.` };
}

/** The sentence refusing a change by someone who is neither the author nor an administrator. */
export const notYours = (verb: 'change' | 'publish' | 'withdraw' | 'delete', author: string) =>
  `Only ${author}, who added this resource, or an administrator may ${verb} it.`;
