import { recordedAt, schools, schoolTable } from '@somero/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** User groups. `flags` holds true/false for each permission flag (the 99 and the project's own). */
export const roles = schoolTable(
  'roles',
  {
    id: serial().notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    name: text().notNull(),
    description: text(),
    flags: jsonb().$type<Record<string, boolean>>().notNull().default({}),
    createdAt: recordedAt(),
  },
  (t) => [uniqueIndex('roles_school_name').on(t.schoolId, sql`lower(${t.name})`)],
);

export const users = schoolTable(
  'users',
  {
    id: serial().notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    name: text().notNull(),
    /** Unique across schools: people sign in without naming their school. */
    username: text().notNull(),
    email: text(),
    phone: text(),
    /** 0 owner, 1 administrator (both hold every flag), 2 staff user whose role decides. */
    type: integer().notNull().default(2),
    roleId: integer('role_id').references(() => roles.id),
    passwordHash: text('password_hash').notNull(),
    active: boolean().notNull().default(true),
    createdAt: recordedAt(),
  },
  (t) => [
    uniqueIndex('users_username').on(sql`lower(${t.username})`),
    uniqueIndex('users_email').on(sql`lower(${t.email})`),
    index('users_school').on(t.schoolId),
  ],
);

/** Sign-in tokens: only a SHA-256 of the token is kept. Expiry slides forward with use. */
export const authTokens = schoolTable(
  'auth_tokens',
  {
    id: serial().notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: recordedAt(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    /** Set by the lock screen: until the password is given again, the token opens nothing else. */
    lockedAt: at('locked_at'),
  },
  // A token names its school (`<school>.<secret>`): it is found within that school's rows, so on a Citus
  // cluster a sign-in and every request touch the one node that holds the school.
  (t) => [
    uniqueIndex('auth_tokens_hash').on(t.schoolId, t.tokenHash),
    index('auth_tokens_user').on(t.schoolId, t.userId, t.createdAt),
  ],
);

/** One-hour password reset links; only a hash of the secret is kept. */
export const passwordResets = schoolTable('password_resets', {
  id: serial().notNull(),
  schoolId: integer('school_id')
    .notNull()
    .references(() => schools.id),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

/** Failed sign-in counters per user name and per address, for rate limiting across processes. */
export const loginFailures = pgTable('login_failures', {
  key: text().primaryKey(),
  failures: integer().notNull(),
  firstAt: at('first_at').notNull(),
});

/**
 * What a backup row says (the server's of its whole database, and a school's copies of its own records):
 * when, how it was taken, whether it worked, its file in the backup store and its size, why it failed.
 */
const backupColumns = () => ({
  startedAt: recordedAt('started_at'),
  finishedAt: at('finished_at'),
  status: text().$type<'running' | 'done' | 'failed'>().notNull().default('running'),
  kind: text().$type<'scheduled' | 'manual'>().notNull(),
  /** The file's name in the backup store (BACKUP_DIR, or the S3 bucket under backups/; a school's under schools/<id>/). */
  file: text(),
  bytes: bigint({ mode: 'number' }),
  message: text(),
});

/**
 * The server's backups of its whole database (scheduled, or asked for by an administrator): one row a
 * try. At most one runs at a time, across every process on the database.
 */
export const serverBackups = pgTable('server_backups', { id: serial().primaryKey(), ...backupColumns() }, (t) => [
  uniqueIndex('server_backups_one_running').on(t.status).where(sql`status = 'running'`),
]);

/**
 * The people who run the service (`npm run operator -- add`): they see every school it hosts, approve,
 * suspend and lift schools and grant SMS credit (`modules/operator`). Never a school's user: they sign in at
 * /operator with a token of their own shape (`op.<secret>`), which no school call accepts.
 */
export const operators = pgTable(
  'operators',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    email: text().notNull(),
    passwordHash: text('password_hash').notNull(),
    active: boolean().notNull().default(true),
    createdAt: recordedAt(),
  },
  (t) => [uniqueIndex('operators_email').on(sql`lower(${t.email})`)],
);

/** An operator's sign-in: only the token's hash is kept. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: serial().primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: recordedAt(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
  },
  (t) => [uniqueIndex('operator_sessions_token').on(t.tokenHash)],
);

/** What an operator did (or `npm run operator` on the server), and to which school: the console's activity list. */
export const operatorAudits = pgTable(
  'operator_audits',
  {
    id: serial().primaryKey(),
    at: recordedAt('at'),
    /** Null for what the server's command line did. */
    operatorId: integer('operator_id').references(() => operators.id),
    operatorName: text('operator_name').notNull(),
    action: text().notNull(),
    /** The school it was about (not `school_id`: this is not a school's table). */
    ofSchool: integer('of_school').references(() => schools.id),
    /** What happened, in words ("Suspended: the fees for the service are unpaid"). */
    summary: text().notNull(),
    detail: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('operator_audits_at').on(t.at)],
);

/**
 * A school's own copies of its records on a server of several schools (`npm run export-school`'s file,
 * for its administrators to download): as `server_backups`, one running per school at a time.
 */
export const schoolBackups = schoolTable(
  'school_backups',
  {
    id: serial().notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    ...backupColumns(),
  },
  (t) => [uniqueIndex('school_backups_one_running').on(t.schoolId).where(sql`status = 'running'`)],
);

/** Every write leaves a row here, in the same transaction as the write. */
export const audits = schoolTable(
  'audits',
  {
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    at: recordedAt('at'),
    /** No foreign key: the trail outlives removed users, so their name is kept too. */
    userId: integer('user_id'),
    userName: text('user_name'),
    action: text().notNull(),
    module: text().notNull(),
    entity: text().notNull(),
    entityId: text('entity_id'),
    before: jsonb(),
    after: jsonb(),
  },
  (t) => [index('audits_school_at').on(t.schoolId, t.at), index('audits_school_entity').on(t.schoolId, t.entity)],
);

/** The tenant table is declared with the entities in the contract; the API's tables refer to it. */
export { schools };
