import { createHash, timingSafeEqual } from 'node:crypto';
import {
  normalisePhone,
  type ParentLineAnswer,
  parentLineSettingsCall,
  saveParentLine,
  smsIncoming,
  ussdCallback,
} from '@somero/contract';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError, Refusal, TooManyAttempts } from '../../core/errors.js';
import { takeOrRefuse } from '../../core/rate-limit.js';
import { SchoolScope } from '../../core/scope.js';
import type { ModuleContext } from '../module.js';
import { sendSms } from '../notifications/index.js';
import { answerFor } from './answers.js';
import { firstName, type LineChild, type LineSchool, schoolsOfPhone } from './lookup.js';
import {
  answerNames,
  childMatches,
  choiceOf,
  helpText,
  menu,
  menuTitle,
  moreKey,
  pagesOf,
  screen,
  smsQuestion,
  texts,
  ussdSteps,
} from './rules.js';
import { logSms, logUssd, markUnanswered, saveSettings, viewOf } from './sessions.js';

const digest = (t: string) => createHash('sha256').update(t).digest();
const minute = 60_000;
/** A USSD session is a handful of steps; a parent may dial a few times. */
const ussdLimit = (phone: string) => ({ key: `ussd:${phone}`, max: 40, windowMs: 15 * minute });
/** Each text answered costs the school a credit. */
const smsLimit = (phone: string) => ({ key: `sms-in:${phone}`, max: 10, windowMs: 60 * minute });

/** Who the school's records say asked: the parents' line acts in the school's name, not a user's. */
const lineScope = (ctx: ModuleContext, schoolId: number) =>
  new SchoolScope(ctx.database.db, schoolId, { userId: null, name: "Parents' line" });

export function parentLineRoutes(ctx: ModuleContext) {
  const { serve, config } = ctx;

  /** The callbacks' token: the server's secret in the URL, as for delivery reports. */
  const refuseWrongToken = (params: unknown) => {
    const token = String((params as { token?: string }).token ?? '');
    const secret = config.sms.callbackToken;
    if (!secret || !timingSafeEqual(digest(token), digest(secret)))
      throw new HttpError(401, 'This callback is not signed with the right token.');
  };

  serve(parentLineSettingsCall, async ({ scope }) => ({ data: await viewOf(scope, config) }));

  serve(saveParentLine, async ({ scope, input }) => {
    await saveSettings(scope, input);
    return { data: await viewOf(scope, config), message: 'Settings saved' };
  });

  serve(ussdCallback, async ({ req, reply, input }) => {
    refuseWrongToken(req.params);
    let answer: string;
    try {
      answer = await ussdStep(ctx, input);
    } catch (error) {
      answer = faultAnswer(error, req.log);
    }
    return reply.type('text/plain; charset=utf-8').send(answer) as never;
  });

  serve(smsIncoming, async ({ req, input }) => {
    refuseWrongToken(req.params);
    try {
      await smsQuestionAnswered(ctx, input, req.log);
    } catch (error) {
      // The gateway is told it arrived whatever happened: it would only post it again.
      if (!(error instanceof TooManyAttempts)) req.log.error({ err: error }, "parents' line: a text question failed");
      else req.log.info("parents' line: too many texts from one number");
    }
    return { data: { received: true } };
  });
}

function faultAnswer(error: unknown, log: FastifyBaseLogger) {
  if (error instanceof TooManyAttempts) return texts.tooMany;
  log.error({ err: error }, "parents' line: a USSD step failed");
  return texts.fault;
}

/**
 * One USSD step. The text holds every choice so far, so each step is answered from it alone: a step
 * posted twice (a dead session) gets the same answer. School first when the number is at several, then
 * the child when it has several, then the menu of what the school lets parents ask, then the answer,
 * a screen at a time ("98 More").
 */
async function ussdStep(
  ctx: ModuleContext,
  input: { sessionId: string; phoneNumber: string; text: string },
): Promise<string> {
  const phone = normalisePhone(input.phoneNumber);
  if (!phone) return texts.unknownNumber;
  await takeOrRefuse(ctx.database.db, [ussdLimit(phone)], 'Too many requests.');
  const known = await schoolsOfPhone(ctx.database.db, phone);
  if (!known.length) return texts.unknownNumber;
  const schools = known.filter((s) => s.open);
  if (!schools.length) return texts.lineClosed;
  const steps = ussdSteps(input.text);
  let at = 0;
  let school = schools[0];
  if (schools.length > 1) {
    if (steps.length === at)
      return menu(
        texts.chooseSchool,
        schools.map((s) => s.name),
      );
    const k = choiceOf(steps[at++], schools.length);
    if (k === null) return texts.notOnMenu;
    school = schools[k];
  }
  let child = school.children[0];
  if (school.children.length > 1) {
    if (steps.length === at)
      return menu(
        texts.chooseChild,
        school.children.map((c) => `${firstName(c)} ${c.surname}${c.className ? ` (${c.className})` : ''}`),
      );
    const k = choiceOf(steps[at++], school.children.length);
    if (k === null) return texts.notOnMenu;
    child = school.children[k];
  }
  const log = (asked: string) =>
    logUssd(ctx.database.db, {
      schoolId: school.schoolId,
      sessionId: input.sessionId,
      phone,
      studentId: child.id,
      asked,
    });
  if (!school.answers.length) return texts.nothingOffered;
  if (steps.length === at) {
    await log('menu');
    return menu(menuTitle(firstName(child)), answerNames(school.answers));
  }
  const k = choiceOf(steps[at++], school.answers.length);
  if (k === null) return texts.notOnMenu;
  const asked = school.answers[k];
  // The screens after the first: each "98" asks for the next.
  const more = steps.slice(at);
  if (more.some((s) => s !== moreKey)) return texts.notOnMenu;
  const pages = pagesOf(await answerFor(lineScope(ctx, school.schoolId), school, child, asked));
  await log(asked);
  return screen(pages, Math.min(more.length, pages.length - 1));
}

/**
 * A text question: BAL, PAY or RESULTS, and a child's first name or admission number when the parent has
 * several. Each school the number is at answers its own children, by SMS charged to its credits; a
 * school without credit answers nothing and its dashboard says so. An unknown keyword gets the help line
 * (from the first school); a number on record nowhere gets nothing, charged to no one. A message posted
 * again (the gateway's same id) is answered once.
 */
async function smsQuestionAnswered(
  ctx: ModuleContext,
  input: { from: string; text: string; id?: string; date?: string },
  log: FastifyBaseLogger,
) {
  const phone = normalisePhone(input.from);
  if (!phone) return;
  await takeOrRefuse(ctx.database.db, [smsLimit(phone)], 'Too many requests.');
  // A school the service has suspended answers nothing (and spends none of its credit).
  const schools = (await schoolsOfPhone(ctx.database.db, phone)).filter((s) => s.open);
  if (!schools.length) return;
  const { asked, child: named } = smsQuestion(input.text);
  const messageId = input.id?.trim() || digest(`${phone}|${input.date ?? ''}|${input.text}`).toString('hex');
  if (!asked) {
    const first = schools[0];
    await answerBySms(ctx, first, phone, messageId, 'help', null, helpText(first.name, first.answers), log);
    return;
  }
  // The children named, wherever they are; none matching: every child (the parent learns their names).
  const matching = named ? schools.flatMap((s) => s.children.filter((c) => childMatches(c, named))) : [];
  for (const school of schools) {
    if (!school.answers.includes(asked)) {
      await answerBySms(ctx, school, phone, messageId, 'help', null, helpText(school.name, school.answers), log);
      continue;
    }
    const children = matching.length ? school.children.filter((c) => matching.includes(c)) : school.children;
    if (!children.length) continue;
    const scope = lineScope(ctx, school.schoolId);
    const answers: string[] = [];
    for (const c of children) answers.push(await answerFor(scope, school, c, asked));
    const text = `${school.name}: ${answers.join('\n')}`;
    await answerBySms(ctx, school, phone, messageId, asked, children.length === 1 ? children[0] : null, text, log);
  }
}

async function answerBySms(
  ctx: ModuleContext,
  school: LineSchool,
  phone: string,
  messageId: string,
  asked: ParentLineAnswer | 'help',
  child: LineChild | null,
  text: string,
  log: FastifyBaseLogger,
) {
  const db = ctx.database.db;
  const sessionId = await logSms(db, {
    schoolId: school.schoolId,
    messageId,
    phone,
    studentId: child?.id ?? null,
    asked,
  });
  if (sessionId === null) return; // posted before: answered then
  const guardian = (child ?? school.children[0]).guardian;
  try {
    // Placeholders are the notifications' ({school}, {name}): braces in the answer would be read as one.
    await sendSms(
      ctx,
      lineScope(ctx, school.schoolId),
      [{ phone, name: guardian, studentId: child?.id }],
      text.replace(/[{}]/g, ''),
      "Parent's question",
      true,
    );
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    await markUnanswered(db, school.schoolId, sessionId);
    log.info({ school: school.schoolId }, "parents' line: a text question left unanswered (no SMS credit)");
  }
}
