import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FileStorage } from './core/file-store.js';
import { hostKey } from './core/outbound.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../../..');

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; without it the embedded PGlite database in dataDir is used. */
  databaseUrl?: string;
  dataDir: string;
  /**
   * The key integration secrets are sealed with (SECRET_KEY, at least 32 characters); without it, one made in
   * the data folder on the first start. Every process of one database needs the same.
   */
  secretKey?: string;
  /** Earlier keys (SECRET_KEY_OLD, comma-separated), still opened while a new key is rolled in. */
  secretKeysOld: string[];
  /** Where the built web app is; served with history-mode fallback when it exists. */
  webDist: string;
  /** Base address used in e-mailed links. */
  publicUrl: string;
  allowRegistration: boolean;
  /**
   * SCHOOLS_NEED_APPROVAL=true: a school registered at /register waits for the service's operator to approve it
   * (`npm run operator`, the console at /operator) before its people can sign in.
   */
  schoolsNeedApproval: boolean;
  /**
   * SCHOOLS_RECORD_SMS_CREDIT=true: a school records the SMS credit it buys itself (a server of one school, on
   * its own gateway account). Off (the default), the gateway account is the service's: a school's "buy" is a
   * request that an operator confirms, and only then counts.
   */
  schoolsRecordSmsCredit: boolean;
  smtpUrl?: string;
  mailFrom: string;
  demoAdminPassword?: string;
  /**
   * Whether to seed the demo school (and use its simulated SchoolPay) at start; unset, the embedded
   * database gets it and PostgreSQL does not. DEMO_SCHOOL=true asks for it on PostgreSQL too (a demo
   * server, the browser tests' servers); DEMO_SCHOOL=false starts the embedded database empty.
   */
  demoSchool?: boolean;
  tokenDays: number;
  /**
   * CLOCK_START: the moment the server's clock starts at (it runs on from there), instead of the
   * machine's time: for the tests and for showing the app as it would be on another day. Unset in use.
   */
  clockStart?: Date;
  /** CLOCK_STARTED: when (milliseconds since 1970, the machine's time) the clock read CLOCK_START; unset, at start. */
  clockStartedAt?: Date;
  logLevel: string;
  /** METRICS_PORT: Prometheus figures at /metrics on this port of their own; unset, none are kept. */
  metricsPort?: number;
  /**
   * Which proxies' X-Forwarded-For to believe for the client's address (sign-in limits, audit):
   * false (none), a number of proxy hops, or Fastify's list of trusted addresses. `TRUST_PROXY=true`
   * is one hop: the address the reverse proxy in front of us added, never one the client wrote.
   */
  trustProxy: false | number | string;
  /** Origins (scheme://host[:port]) whose pages may call the API from a browser; none by default. */
  corsOrigins: string[];
  /** Minutes between pulls from every school's SchoolPay account (the webhook's safety net); 0 is off. */
  onlineSyncMinutes: number;
  /**
   * The SchoolPay API's base address (SCHOOLPAY_URL). The server's setting, never a school's: a school
   * must not be able to make the server fetch an address of its choice.
   */
  schoolpayUrl: string;
  /**
   * The SMS gateway (Africa's Talking or compatible): its base address SMS_GATEWAY_URL is the server's
   * setting, never a school's; the account (AT_USERNAME, AT_API_KEY, AT_SENDER_ID) is the server's too
   * (the schools buy credit from whoever runs it). Without a username and key messages are only logged.
   * Delivery reports come to /api/sms/delivery/{SMS_CALLBACK_TOKEN}.
   */
  sms: {
    url: string;
    username?: string;
    apiKey?: string;
    senderId?: string;
    callbackToken?: string;
    timeoutMs: number;
    /** The first retry's wait after a failed gateway call (doubled each time). */
    retryMs: number;
    retries: number;
    /**
     * SMS_LOG_ONLY_OFF=1: schools marked log-only (the demo) send through the configured gateway too.
     * For browser tests against a fake gateway on loopback; never with a real account.
     */
    logOnlyOff: boolean;
  };
  /**
   * E-mails (issue 15 §2): a mail server's time limit, retries of a failed attempt and the first wait
   * (doubled each time). `allowPrivateHosts` (MAIL_ALLOW_PRIVATE_HOSTS, lower case) names the school mail
   * servers allowed inside the server's own network; every other one must resolve to public addresses only.
   */
  email: { timeoutMs: number; retryMs: number; retries: number; allowPrivateHosts: string[] };
  /**
   * The parents' line (issue 29): the USSD code and the number parents text, as registered with the
   * gateway (PARENT_LINE_USSD_CODE, PARENT_LINE_SMS_NUMBER); shown on the school's settings screen only.
   * Its callbacks are /api/ussd/{SMS_CALLBACK_TOKEN} and /api/sms/incoming/{SMS_CALLBACK_TOKEN}.
   */
  parentLine: { ussdCode: string | null; smsNumber: string | null };
  /** Prefix of the job queue's names (JOBS_QUEUE): two servers on one database must not take each other's work. */
  jobsQueue: string;
  /** Where files' bytes are kept (FILE_STORAGE, FILES_DIR, S3_URL, S3_REGION). */
  fileStorage: FileStorage;
  /**
   * The server's own backups of its database: every BACKUP_HOURS hours (24; 0 is none), keeping the last
   * BACKUP_KEEP (7), in the S3 bucket under backups/ when FILE_STORAGE=s3, else in BACKUP_DIR (a folder
   * beside the data directory: never inside it, whose dump would then hold the earlier backups).
   */
  backups: { everyHours: number; keep: number; dir: string };
}

/** SchoolPay's API base address. */
/** Africa's Talking's API base address. */
export const smsDefaultUrl = 'https://api.africastalking.com';

export const schoolpayDefaultUrl = 'https://schoolpay.co.ug/paymentapi/AndroidRS';

const bool = (v: string | undefined, fallback: boolean) =>
  v === undefined || v === '' ? fallback : !/^(false|0|no|off)$/i.test(v);

/** A count an operator set (hours, copies): a number 0 or more, else the default. */
const count = (v: string | undefined, fallback: number) =>
  v !== undefined && v.trim() !== '' && Number.isFinite(Number(v)) && Number(v) >= 0 ? Number(v) : fallback;

function proxyTrust(v: string | undefined): false | number | string {
  if (v === undefined || v.trim() === '' || /^(false|0|no|off)$/i.test(v)) return false;
  if (/^(true|yes|on)$/i.test(v)) return 1;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

function fileStorage(env: NodeJS.ProcessEnv, dataDir: string, fromUser: (p: string) => string): FileStorage {
  const kind = (env.FILE_STORAGE || 'database').toLowerCase();
  if (kind === 'database') return { kind };
  if (kind === 'disk') return { kind, dir: env.FILES_DIR ? fromUser(env.FILES_DIR) : path.join(dataDir, 'files') };
  if (kind === 's3') {
    if (!env.S3_URL) throw new Error('FILE_STORAGE=s3 needs S3_URL=https://KEY:SECRET@host/bucket');
    return { kind, url: env.S3_URL, region: env.S3_REGION || 'us-east-1' };
  }
  throw new Error(`FILE_STORAGE is database, disk or s3, not ${env.FILE_STORAGE}`);
}

/** An ISO moment from the environment ("2026-11-25T10:00:00+03:00"; a bare date is 08:00 in Kampala). */
function moment(name: string, value: string | undefined): Date | undefined {
  if (!value) return undefined;
  const at = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T08:00:00+03:00` : value);
  if (Number.isNaN(at.getTime()))
    throw new Error(`${name} is a date and time such as 2026-11-25T10:00:00+03:00, not ${value}`);
  return at;
}

/** A key's text: at least 32 characters (a random one: `openssl rand -base64 32`). */
function secretKey(name: string, value: string | undefined) {
  if (!value) return undefined;
  if (value.length < 32)
    throw new Error(`${name} must be at least 32 characters (for example: openssl rand -base64 32).`);
  return value;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  // Relative paths are the user's, from where they ran npm (npm runs workspace scripts elsewhere).
  const fromUser = (p: string) => path.resolve(env.INIT_CWD ?? process.cwd(), p);
  const dataDir = env.DATA_DIR ? fromUser(env.DATA_DIR) : path.join(repoRoot, 'data');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    secretKey: secretKey('SECRET_KEY', env.SECRET_KEY),
    secretKeysOld: (env.SECRET_KEY_OLD ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean)
      .map((k) => secretKey('SECRET_KEY_OLD', k) as string),
    fileStorage: fileStorage(env, dataDir, fromUser),
    backups: {
      everyHours: count(env.BACKUP_HOURS, 24),
      keep: Math.max(1, Math.floor(count(env.BACKUP_KEEP, 7))),
      dir: env.BACKUP_DIR ? fromUser(env.BACKUP_DIR) : `${dataDir}-backups`,
    },
    webDist: env.WEB_DIST ? fromUser(env.WEB_DIST) : path.join(repoRoot, 'apps/web/dist'),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    allowRegistration: bool(env.ALLOW_REGISTRATION, true),
    schoolsNeedApproval: bool(env.SCHOOLS_NEED_APPROVAL, false),
    schoolsRecordSmsCredit: bool(env.SCHOOLS_RECORD_SMS_CREDIT, false),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Somero <no-reply@somero.local>',
    demoAdminPassword: env.DEMO_ADMIN_PASSWORD || undefined,
    demoSchool: env.DEMO_SCHOOL ? bool(env.DEMO_SCHOOL, false) : undefined,
    tokenDays: Number(env.TOKEN_DAYS ?? 30),
    clockStart: moment('CLOCK_START', env.CLOCK_START),
    clockStartedAt: env.CLOCK_STARTED ? new Date(Number(env.CLOCK_STARTED)) : undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    metricsPort: env.METRICS_PORT ? Number(env.METRICS_PORT) : undefined,
    onlineSyncMinutes: Number(env.ONLINE_SYNC_MINUTES ?? 60),
    schoolpayUrl: (env.SCHOOLPAY_URL || schoolpayDefaultUrl).replace(/\/+$/, ''),
    jobsQueue: env.JOBS_QUEUE || 'somero',
    sms: {
      url: (env.SMS_GATEWAY_URL || smsDefaultUrl).replace(/\/+$/, ''),
      username: env.AT_USERNAME || undefined,
      apiKey: env.AT_API_KEY || undefined,
      senderId: env.AT_SENDER_ID || undefined,
      callbackToken: env.SMS_CALLBACK_TOKEN || undefined,
      timeoutMs: Number(env.SMS_TIMEOUT_MS || 20_000),
      retryMs: Number(env.SMS_RETRY_MS || 5_000),
      retries: Number(env.SMS_RETRIES || 3),
      logOnlyOff: env.SMS_LOG_ONLY_OFF === '1',
    },
    parentLine: {
      ussdCode: env.PARENT_LINE_USSD_CODE || null,
      smsNumber: env.PARENT_LINE_SMS_NUMBER || null,
    },
    email: {
      timeoutMs: Number(env.EMAIL_TIMEOUT_MS || 20_000),
      retryMs: Number(env.EMAIL_RETRY_MS || 5_000),
      retries: Number(env.EMAIL_RETRIES || 3),
      allowPrivateHosts: (env.MAIL_ALLOW_PRIVATE_HOSTS ?? '').split(',').map(hostKey).filter(Boolean),
    },
    trustProxy: proxyTrust(env.TRUST_PROXY),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/$/, ''))
      .filter(Boolean),
  };
}
