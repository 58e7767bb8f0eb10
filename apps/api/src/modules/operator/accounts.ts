import { eq, sql } from 'drizzle-orm';
import { now } from '../../core/dates.js';
import { Invalid } from '../../core/errors.js';
import { operatorAudit } from '../../core/operators.js';
import { hashPassword } from '../../core/passwords.js';
import type { Executor } from '../../db/open.js';
import { operatorSessions, operators } from '../../db/schema.js';

/**
 * Makes an operator of the service, or gives an existing one (same e-mail) a new password and turns them back on.
 * Only the server's command line does this (`npm run operator`): no call of the API makes an operator.
 */
export async function addOperator(db: Executor, input: { name: string; email: string; password: string }) {
  const email = input.email.trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Invalid('email', 'Give an e-mail address');
  if (input.password.length < 10) throw new Invalid('password', 'Use at least 10 characters');
  const name = input.name.trim() || email;
  const passwordHash = await hashPassword(input.password);
  const [existing] = await db
    .select({ id: operators.id })
    .from(operators)
    .where(eq(sql`lower(${operators.email})`, email.toLowerCase()));
  if (existing) {
    await db.update(operators).set({ name, passwordHash, active: true }).where(eq(operators.id, existing.id));
    // A new password ends the sessions of the old one.
    await db.update(operatorSessions).set({ revokedAt: now() }).where(eq(operatorSessions.operatorId, existing.id));
    await operatorAudit(
      db,
      { operatorId: null, name: 'Server command line' },
      { action: 'operator_password', summary: `New password for ${name} (${email})` },
    );
    return { id: existing.id, made: false };
  }
  const [made] = await db.insert(operators).values({ name, email, passwordHash }).returning({ id: operators.id });
  await operatorAudit(
    db,
    { operatorId: null, name: 'Server command line' },
    { action: 'add_operator', summary: `Added ${name} (${email}) as an operator` },
  );
  return { id: made?.id as number, made: true };
}

/** Turns an operator off: their sessions end and they cannot sign in again (nothing they did is removed). */
export async function disableOperator(db: Executor, email: string) {
  const [row] = await db
    .update(operators)
    .set({ active: false })
    .where(eq(sql`lower(${operators.email})`, email.trim().toLowerCase()))
    .returning({ id: operators.id, name: operators.name });
  if (!row) return false;
  await db.update(operatorSessions).set({ revokedAt: now() }).where(eq(operatorSessions.operatorId, row.id));
  await operatorAudit(
    db,
    { operatorId: null, name: 'Server command line' },
    { action: 'disable_operator', summary: `Turned off ${row.name} (${email.trim()})` },
  );
  return true;
}
