import { z } from 'zod';
import { defineCall, noInput } from '../call.js';
import { id, money } from './fields.js';

// The service's console (/operator): the person who runs Somero for many schools. Never a school's user: these
// calls take an operator's token only (`npm run operator -- add` makes an operator on the server).

export const operatorSignedIn = z.object({ id: z.number(), name: z.string(), email: z.string() });
export type OperatorSignedIn = z.infer<typeof operatorSignedIn>;

export const operatorLogin = defineCall({
  method: 'POST',
  path: 'operator/login',
  access: 'public',
  summary: "Sign in to the service's console; answers { token, operator }",
  input: z.object({
    email: z.string().trim().min(1, 'Enter your e-mail').max(254),
    password: z.string().min(1, 'Enter your password').max(200),
  }),
  output: z.object({ token: z.string(), operator: operatorSignedIn }),
  bare: true,
});

export const operatorMe = defineCall({
  method: 'GET',
  path: 'operator/me',
  access: 'operator',
  summary: 'The operator signed in to the console',
  input: noInput,
  output: operatorSignedIn,
});

export const operatorLogout = defineCall({
  method: 'POST',
  path: 'operator/logout',
  access: 'operator',
  summary: 'End this console session',
  input: noInput,
  output: z.null(),
});

export const schoolStatuses = ['active', 'pending', 'suspended'] as const;

export const hostedSchool = z.object({
  id: z.number(),
  name: z.string(),
  registered_on: z.string(),
  status: z.enum(schoolStatuses),
  status_reason: z.string().nullable(),
  demo: z.boolean(),
  students: z.number(),
  users: z.number(),
  /** Its newest sign-in (a session's start), null when nobody has signed in. */
  last_sign_in: z.string().nullable(),
  stored_bytes: z.number(),
  sms_credit: z.number(),
  sms_used_this_month: z.number(),
  sms_requests_waiting: z.number(),
  /** Its latest copy that finished, null when none. */
  last_backup: z.string().nullable(),
});
export type HostedSchool = z.infer<typeof hostedSchool>;

export const operatorSchools = defineCall({
  method: 'GET',
  path: 'operator/schools',
  access: 'operator',
  summary: 'Every school the service hosts, with its size, sign-ins, files, SMS credit and last backup',
  input: noInput,
  output: z.array(hostedSchool),
});

const reason = z.string().trim().min(3, 'Say why, in a few words').max(300);

export const approveSchool = defineCall({
  method: 'POST',
  path: 'operator/schools/{id}/approve',
  access: 'operator',
  summary: 'Approve a newly registered school: its people may sign in',
  input: noInput,
  output: hostedSchool,
});

export const suspendSchool = defineCall({
  method: 'POST',
  path: 'operator/schools/{id}/suspend',
  access: 'operator',
  summary: "Suspend a school: its users and its parents' line are refused with the reason; nothing is deleted",
  input: z.object({ reason }),
  output: hostedSchool,
});

export const reinstateSchool = defineCall({
  method: 'POST',
  path: 'operator/schools/{id}/reinstate',
  access: 'operator',
  summary: 'Lift a suspension: the school works again as it was',
  input: noInput,
  output: hostedSchool,
});

export const grantSmsCredit = defineCall({
  method: 'POST',
  path: 'operator/schools/{id}/sms_credit',
  access: 'operator',
  summary: 'Grant SMS credit to a school (it sees it among its packages), with the price it paid and a reference',
  input: z.object({
    credits: z.number().int('Enter a whole number').min(1, 'At least one credit').max(10_000_000),
    price: money.min(0, 'The price cannot be negative'),
    reference: z.string().trim().min(1, 'Give a reference (an invoice or a payment number)').max(100),
  }),
  output: hostedSchool,
});

export const smsCreditRequest = z.object({
  id: z.number(),
  school_id: z.number(),
  school: z.string(),
  name: z.string(),
  credits: z.number(),
  price: z.number(),
  mode: z.string().nullable(),
  reference: z.string().nullable(),
  requested_on: z.string(),
  requested_by: z.string(),
});
export type SmsCreditRequest = z.infer<typeof smsCreditRequest>;

export const smsCreditRequests = defineCall({
  method: 'GET',
  path: 'operator/sms_requests',
  access: 'operator',
  summary: 'The SMS credit the schools asked for, waiting to be confirmed once they have paid',
  input: noInput,
  output: z.array(smsCreditRequest),
});

export const confirmSmsRequest = defineCall({
  method: 'POST',
  path: 'operator/sms_requests/{id}/confirm',
  access: 'operator',
  summary: "Confirm a school's request once paid: the credit counts and the school's payment is recorded",
  input: z.object({ school_id: id }),
  output: z.null(),
});

export const declineSmsRequest = defineCall({
  method: 'POST',
  path: 'operator/sms_requests/{id}/decline',
  access: 'operator',
  summary: "Decline a school's request, saying why (the school sees it)",
  input: z.object({ school_id: id, reason }),
  output: z.null(),
});

export const operatorActivity = defineCall({
  method: 'GET',
  path: 'operator/activity',
  access: 'operator',
  summary: "What the service's operators did, newest first",
  input: noInput,
  output: z.array(
    z.object({
      id: z.number(),
      at: z.string(),
      operator: z.string(),
      action: z.string(),
      school: z.string().nullable(),
      summary: z.string(),
    }),
  ),
});
