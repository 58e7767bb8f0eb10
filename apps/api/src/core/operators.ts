import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../db/open.js';
import { operatorAudits, operatorSessions, operators } from '../db/schema.js';
import { now } from './dates.js';
import { hashSecret, newSecret } from './passwords.js';

/** The service's operator signed in to the console (`modules/operator`). */
export interface OperatorCaller {
  sessionId: number;
  operatorId: number;
  name: string;
  email: string;
}

const DAY = 86_400_000;
/** An operator's session lasts a working day; the console signs in again after it. */
const sessionHours = 12;

/** A new operator session's token: `op.<secret>`, a shape no school call accepts (theirs start with the school's id). */
export async function issueOperatorToken(db: Executor, operatorId: number) {
  const { secret, hash } = newSecret();
  await db.insert(operatorSessions).values({
    operatorId,
    tokenHash: hash,
    expiresAt: new Date(now().getTime() + (sessionHours * DAY) / 24),
  });
  return `op.${secret}`;
}

/** The operator of a token, or null when it is not an operator's, or is ended, expired or its operator disabled. */
export async function findOperator(db: Executor, token: string): Promise<OperatorCaller | null> {
  const match = /^op\.([A-Za-z0-9_-]{20,})$/.exec(token);
  if (!match) return null;
  const [row] = await db
    .select({
      sessionId: operatorSessions.id,
      operatorId: operators.id,
      name: operators.name,
      email: operators.email,
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        eq(operatorSessions.tokenHash, hashSecret(match[1] as string)),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, now()),
        eq(operators.active, true),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** One line of the operators' activity: who (an operator, or the server's command line), what, to which school. */
export async function operatorAudit(
  db: Executor,
  who: { operatorId: number | null; name: string },
  entry: { action: string; school?: number | null; summary: string; detail?: Record<string, unknown> },
) {
  await db.insert(operatorAudits).values({
    operatorId: who.operatorId,
    operatorName: who.name,
    action: entry.action,
    ofSchool: entry.school ?? null,
    summary: entry.summary,
    detail: entry.detail ?? {},
  });
}
