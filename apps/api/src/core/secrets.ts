// Integration secrets at rest (a school's mail server password, its fees provider's API password): sealed with
// the server's key (AES-256-GCM) in their columns (`secretText` in the contract), so that neither the database
// nor a school's copy of its records holds them in plain text. README, "Secrets".
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { emailAccounts, paymentGateways, type SecretSeal, useSecretSeal } from '@somero/contract';
import { and, eq, isNotNull, not, sql } from 'drizzle-orm';
import type { Executor } from '../db/open.js';

/** A key: its short id (written in each sealed value, so that an old key still opens what it sealed) and its bytes. */
export interface SecretKey {
  id: string;
  bytes: Buffer;
}

const prefix = 'sealed:v1:';

/** A key from its text (SECRET_KEY): any string of at least 32 characters, hashed to 256 bits. */
export function secretKeyFrom(text: string): SecretKey {
  const bytes = createHash('sha256').update(text).digest();
  return { id: createHash('sha256').update(bytes).digest('hex').slice(0, 12), bytes };
}

/**
 * Where the server keeps its key when SECRET_KEY is not set: beside the data folder (`data-secret.key`), so that
 * neither a copy of the database nor a school's copy ever holds it.
 */
export const keyFileOf = (dataDir: string) => `${path.resolve(dataDir)}-secret.key`;

/**
 * The server's keys, newest first: SECRET_KEY, then SECRET_KEY_OLD's (comma-separated; still opened, so that a
 * new key can be rolled in), else a key made in the data folder on the first start and read from it after.
 */
export function serverSecretKeys(config: { secretKey?: string; secretKeysOld: string[]; dataDir: string }) {
  const old = config.secretKeysOld.map(secretKeyFrom);
  if (config.secretKey) return [secretKeyFrom(config.secretKey), ...old];
  const file = keyFileOf(config.dataDir);
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  }
  return [secretKeyFrom(readFileSync(file, 'utf8').trim()), ...old];
}

/** Seals with the first key and opens with any of them. */
export function secretSeal(keys: SecretKey[]): SecretSeal {
  const [current] = keys;
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current.bytes, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${prefix}${current.id}:${[iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join(':')}`;
    },
    open(stored) {
      // Kept before secrets were sealed: read as it is (sealed at the next start, `resealSecrets`).
      if (!stored.startsWith(prefix)) return stored;
      const [id, iv, tag, body] = stored.slice(prefix.length).split(':');
      const key = keys.find((k) => k.id === id);
      if (!key) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/** The keys in use, found on first need (a server that never keeps a secret makes no key file). */
let keysInUse: () => SecretKey[] = () => [];

/** Installs the server's keys for every secret column (when the app is built; the last app built decides). */
export function useSecretKeys(keys: () => SecretKey[]): void {
  let found: SecretKey[] | undefined;
  keysInUse = () => {
    found ??= keys();
    return found;
  };
  useSecretSeal({
    seal: (plain) => secretSeal(keysInUse()).seal(plain),
    open: (stored) => secretSeal(keysInUse()).open(stored),
  });
}

/** The secret columns, as the reseal walks them. */
const secretColumns = [
  {
    table: emailAccounts,
    column: emailAccounts.password,
    field: 'password',
    what: 'the mail server’s password (E-mail settings)',
  },
  {
    table: paymentGateways,
    column: paymentGateways.apiPassword,
    field: 'apiPassword',
    what: 'the API password of online fees payments (Fees, Online payments)',
  },
] as const;

/**
 * The secrets of a school that this server cannot open (its copy was made on a server with another key), in
 * words: what to type again after an import.
 */
export async function secretsToTypeAgain(db: Executor, school: number): Promise<string[]> {
  const seal = secretSeal(keysInUse());
  const out: string[] = [];
  for (const { table, column, what } of secretColumns) {
    const [row] = await db
      .select({ stored: sql<string | null>`${column}::text` })
      .from(table)
      .where(eq(table.schoolId, school));
    if (row?.stored && seal.open(row.stored) === null) out.push(what);
  }
  return out;
}

/**
 * At start: every secret kept in plain text (before this release) or under an old key is sealed again with the
 * current one (`school`: one school's only). Answers how many; one no key of the server opens (a copy from another
 * server) is left as it is.
 */
export async function resealSecrets(db: Executor, school?: number): Promise<number> {
  const keys = keysInUse();
  const [current] = keys;
  if (!current) return 0;
  const seal = secretSeal(keys);
  let resealed = 0;
  for (const { table, column, field } of secretColumns) {
    const stale = await db
      .select({ schoolId: table.schoolId, stored: sql<string>`${column}::text` })
      .from(table)
      .where(
        and(
          isNotNull(column),
          not(sql`${column}::text like ${`${prefix}${current.id}:%`}`),
          school === undefined ? undefined : eq(table.schoolId, school),
        ),
      );
    for (const row of stale) {
      const plain = seal.open(row.stored);
      if (plain === null) continue;
      await db
        .update(table)
        .set({ [field]: plain })
        .where(eq(table.schoolId, row.schoolId));
      resealed++;
    }
  }
  return resealed;
}
