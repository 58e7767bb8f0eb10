import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Serve } from '../core/http.js';
import type { Jobs } from '../core/jobs.js';
import type { Mailer } from '../core/mail.js';
import type { SchoolScope } from '../core/scope.js';
import type { Database } from '../db/open.js';

/**
 * An area as the app registers it: each area's index.ts exports one (`area`), and `modules/areas.ts`
 * lists them in the order the app registers them.
 */
export interface Area {
  /** Its folder under modules/. */
  name: string;
  /** Serves the area's calls (and defines its kinds of job) on the shared context. */
  routes(ctx: ModuleContext): void;
}

/** What every area's routes get: the core's `serve` and the shared services. */
export interface ModuleContext {
  app: FastifyInstance;
  serve: Serve;
  database: Database;
  config: Config;
  mailer: Mailer;
  /** Long work off the request path: an area defines its kinds of job, a call starts one. */
  jobs: Jobs;
  /**
   * Each student's whole fees balance (arrears included; negative is credit), from the fees ledger.
   * Given here rather than imported, so the areas fees itself reads (students) can ask for it too.
   */
  feesBalances: (scope: SchoolScope, studentIds: number[]) => Promise<Map<number, number>>;
  /**
   * What the year's last report cards say of a class's students (promoted or advised to repeat), from the
   * exams area; given here so students, which fees reads, need not import exams (which reads fees).
   */
  yearEndDecisions: (
    scope: SchoolScope,
    classId: number,
    year: number,
  ) => Promise<{ studentId: number; decision: 'promoted' | 'repeat'; text: string }[]>;
  /**
   * SMS to guardians from the areas where things happen (the notifications area's, given here so fees,
   * the sick bay and attendance need not import it: that would be a cycle through expenses).
   */
  notices: GuardianNotices;
}

/** A student and their own placeholder values ({balance}, {division}…) for a message to their guardian. */
export interface StudentNotice {
  studentId: number;
  values?: Record<string, string>;
  /** Their fees balance, when the message names it (added up for a guardian of several). */
  balance?: number;
}

/** What a send to guardians answers: the figures (a preview), and the send's ids once started. */
export interface GuardianSend {
  recipients: number;
  credits: number;
  balance: number;
  enough: boolean;
  without_phone: number;
  preview: { name: string; phone: string; text: string; parts: number }[];
  message_id: number | null;
  job_id: number | null;
}

/**
 * The automatic notices answer a short note for the user when one could not be sent (no credit, a
 * fault), else null; they never throw, so what they follow (a payment, a visit, a register) stands.
 * Each reads the school's setting from a cache first and does nothing more when it is off.
 */
export interface GuardianNotices {
  /** After a fees payment has committed: the guardian's receipt with the balance after it. */
  feesReceipt(
    scope: SchoolScope,
    payment: { studentId: number; amount: number; receiptNo: number; paidOn: string },
  ): Promise<string | null>;
  /** After a student's sick-bay visit was recorded. */
  sickbayVisit(
    scope: SchoolScope,
    visit: { studentId: number; visitedAt: Date; complaint: string | null },
  ): Promise<string | null>;
  /** After the register marked these students absent on `day` (sent for today only, once a day each). */
  absences(scope: SchoolScope, day: string, studentIds: number[]): Promise<string | null>;
  /**
   * `template` to the guardians of these students (each number once; a parent of several gets one
   * message naming them all): the figures only when `send` is false; else, unless `confirmed`, a
   * question with the cost naming `toWhom` (202 `confirm`), then started as a job, or a Refusal (202)
   * when the credits are short.
   */
  toGuardians(
    scope: SchoolScope,
    students: StudentNotice[],
    template: string,
    audience: string,
    how: { send: boolean; confirmed?: boolean; toWhom?: string },
  ): Promise<GuardianSend>;
}
