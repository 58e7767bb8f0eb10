import { and, eq, ne, or, sql } from 'drizzle-orm';
import { Refusal } from '../../core/errors.js';
import type { Db } from '../../db/open.js';
import { users } from '../../db/schema.js';

/**
 * Refuses (202) a user name or e-mail another account signs in with (case-insensitive; `exceptUserId`
 * is the account being changed): registering a school, adding a user or a staff member's sign-in, and
 * changing one's own e-mail all ask it.
 */
export async function refuseTakenLogin(db: Db, username: string, email: string | null | undefined, exceptUserId = 0) {
  const [taken] = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      and(
        ne(users.id, exceptUserId),
        or(
          eq(sql`lower(${users.username})`, username.toLowerCase()),
          email ? eq(sql`lower(${users.email})`, email.toLowerCase()) : undefined,
        ),
      ),
    )
    .limit(1);
  if (!taken) return;
  if (taken.username.toLowerCase() === username.toLowerCase()) {
    throw new Refusal(`The user name ${username} is already taken`);
  }
  throw new Refusal(`The e-mail ${email} is already used by another account`);
}
