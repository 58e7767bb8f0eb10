import { z } from 'zod';
import { defineCall, noInput, pageInput } from '../call.js';
import { permissionFlags } from '../permissions.js';
import { optionalPhoneInput } from '../phone.js';
import { passwordRule, usernameRule } from './auth.js';

export const userRow = z.object({
  id: z.number(),
  name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  type: z.number(),
  role_id: z.number().nullable(),
  role: z.string().nullable(),
  active: z.boolean(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
  /**
   * Whether the signed-in user may edit or remove this user: administrators by administrators, the
   * owner by the owner, a staff user by an administrator or by a manager holding every flag of their group.
   */
  manageable: z.boolean(),
});
export type UserRow = z.infer<typeof userRow>;

const userFields = {
  name: z.string().trim().min(2, 'Enter the name').max(120),
  username: usernameRule,
  email: z.email('Enter a valid e-mail address').nullable().optional(),
  phone: optionalPhoneInput(),
  /** 1 administrator (every flag), 2 staff user whose user group decides. */
  type: z.union([z.literal(1), z.literal(2)]),
  role_id: z.number().int().positive().nullable().optional(),
  active: z.boolean().default(true),
};

export const listUsers = defineCall({
  method: 'GET',
  path: 'users',
  access: 'view_users',
  summary: "The school's users, paged and searchable by name, user name or e-mail",
  input: pageInput,
  output: z.array(userRow),
  paged: true,
});

export const addUser = defineCall({
  method: 'POST',
  path: 'users',
  access: 'view_users',
  summary: 'Add a user',
  input: z.object({ ...userFields, password: passwordRule }),
  output: userRow,
});

export const updateUser = defineCall({
  method: 'PUT',
  path: 'users/{id}',
  access: 'view_users',
  summary: 'Update a user; a new password is optional',
  input: z.object({ ...userFields, password: passwordRule.optional().or(z.literal('')) }),
  output: userRow,
});

export const deleteUser = defineCall({
  method: 'DELETE',
  path: 'users/{id}',
  access: 'view_users',
  summary: 'Remove a user (never yourself, never the last administrator)',
  input: noInput,
  output: z.null(),
});

export const roleRow = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  users: z.number(),
  flags_granted: z.number(),
  /** Whether the signed-in user may put users in this group (it holds no flag they do not hold). */
  assignable: z.boolean(),
});
export type RoleRow = z.infer<typeof roleRow>;

const roleFields = {
  name: z.string().trim().min(2, 'Enter the name').max(80),
  description: z.string().trim().max(300).nullable().optional(),
};

export const listRoles = defineCall({
  method: 'GET',
  path: 'roles',
  // The user form's group list too, for those who manage users.
  access: ['view_roles', 'view_users'],
  summary: 'User groups (roles) with how many users hold each, and whether the caller may assign each',
  input: noInput,
  output: z.array(roleRow),
});
export const addRole = defineCall({
  method: 'POST',
  path: 'roles',
  access: 'view_roles',
  summary: 'Add a user group',
  input: z.object(roleFields),
  output: roleRow,
});
export const updateRole = defineCall({
  method: 'PUT',
  path: 'roles/{id}',
  access: 'view_roles',
  summary: 'Rename a user group',
  input: z.object(roleFields),
  output: roleRow,
});
export const deleteRole = defineCall({
  method: 'DELETE',
  path: 'roles/{id}',
  access: 'view_roles',
  summary: 'Remove a user group that no user holds',
  input: noInput,
  output: z.null(),
});

const flagsInput = z.partialRecord(z.enum(permissionFlags), z.boolean());

export const rolePermissions = z.object({
  id: z.number(),
  name: z.string(),
  flags: z.record(z.string(), z.boolean()),
  /** False for the caller's own group unless they are an administrator: nobody changes their own flags. */
  editable: z.boolean(),
});

export const listPermissions = defineCall({
  method: 'GET',
  path: 'permissions',
  access: 'manage_permissions',
  summary: 'Every user group with its true/false value for each of the 99 flags',
  input: noInput,
  output: z.array(rolePermissions),
});

export const updatePermissions = defineCall({
  method: 'PUT',
  path: 'permissions/{id}',
  access: 'manage_permissions',
  summary: 'Set the flags of one user group (flags not named keep their value)',
  input: z.object({ flags: flagsInput }),
  output: rolePermissions,
});

export const auditRow = z.object({
  id: z.number(),
  at: z.string(),
  user_id: z.number().nullable(),
  user: z.string().nullable(),
  action: z.string(),
  module: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  /** The record named as people know it: a student's name, "Receipt 123", a category's name (else "#id"). */
  record: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditRow = z.infer<typeof auditRow>;

export const listAudits = defineCall({
  method: 'POST',
  path: 'audits',
  access: 'view_audits',
  summary: 'The audit trail, newest first, filtered by user, date range, module and entity',
  input: pageInput.extend({
    user_id: z.number().int().positive().optional(),
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    module: z.string().max(60).optional(),
    entity: z.string().max(60).optional(),
  }),
  output: z.array(auditRow),
  paged: true,
});

const byMode = z.object({ mode: z.string(), amount: z.number() });

export const dashboardFigures = z.object({
  users: z.number(),
  active_users: z.number(),
  roles: z.number(),
  signed_in_today: z.number(),
  changes_today: z.number(),
  current_term: z.object({ year: z.number(), term: z.number(), label: z.string() }).nullable(),
  students: z.number(),
  /** Shown to those who may see fees payments; null for others. */
  fees: z
    .object({
      collected_today: z.number(),
      today_by_mode: z.array(byMode),
      collected_week: z.number(),
      week_by_mode: z.array(byMode),
      term_expected: z.number(),
      /** Receipts of the current term by the students counted (current ones, and leavers enrolled in it). */
      term_collected: z.number(),
      /** The day the term opened, or null without term dates. */
      term_opens_on: z.string().nullable(),
      /** The part of term_collected paid before the term opened; the weeks hold the rest. */
      paid_before_opening: z.number(),
      students_owing: z.number(),
      weeks: z.array(z.object({ week: z.string(), amount: z.number() })),
      debt_classes: z.array(
        z.object({ class_id: z.number(), name: z.string(), owed: z.number(), students: z.number() }),
      ),
    })
    .nullable(),
  /** Gate check-ins today against current students and active staff (manage_attendance). */
  attendance: z
    .object({
      students_in: z.number(),
      students_expected: z.number(),
      staff_in: z.number(),
      staff_expected: z.number(),
    })
    .nullable()
    .optional(),
  /** Sick bay visits today and those still open (manage_medication_center). */
  sickbay: z.object({ visits: z.number(), still_in: z.number() }).nullable().optional(),
  /** Requisitions waiting for their next step (view_expenses). */
  requisitions: z
    .object({ to_check: z.number(), to_approve: z.number(), to_pay: z.number(), to_pay_total: z.number() })
    .nullable()
    .optional(),
  /** Store items below their reorder level (view_store_stock). */
  store: z
    .object({ count: z.number(), items: z.array(z.string()) })
    .nullable()
    .optional(),
  /** Events of the next 14 days (view_events). */
  events: z
    .array(
      z.object({
        id: z.number(),
        title: z.string(),
        event_type: z.string(),
        on_date: z.string(),
        starts_at: z.string().nullable(),
        venue: z.string().nullable(),
      }),
    )
    .nullable()
    .optional(),
  /**
   * Parents' text questions left unanswered for want of SMS credit in the last 14 days (the parents'
   * line): for the bursar and the head teacher (view_fees_payments or general_settings); null for others.
   */
  parent_line: z.object({ unanswered: z.number() }).nullable().optional(),
  /** SMS credits left (administrators: the Notification Center is theirs). */
  sms: z.object({ balance: z.number() }).nullable().optional(),
  /** Users, groups and changes today: for those who manage users (view_users). */
  admin: z.boolean().optional(),
  /**
   * The latest changes of the audit trail, for those who may see it (view_audits); empty for others. A
   * batch saved at once is one row (its latest), with how many it holds and a line in words.
   */
  recent: z.array(auditRow.extend({ count: z.number(), text: z.string() })),
});
export type DashboardFigures = z.infer<typeof dashboardFigures>;

/**
 * The dashboard's exams tiles, a call of their own so the figures above them never wait for the marks
 * (they read whole marksheets).
 */
export const dashboardExamsFigures = z.object({
  /**
   * The term's exams for the head teacher and director of studies (manage_exam_marks): marks of the set
   * being chased by class, each class's mean against the set before, the candidate classes' results in
   * the set, and the term's report cards printed and withheld.
   */
  academic: z
    .object({
      exam_set: z.object({ id: z.number(), name: z.string() }).nullable(),
      previous_set: z.object({ id: z.number(), name: z.string() }).nullable(),
      classes: z.array(
        z.object({
          class_id: z.number(),
          name: z.string(),
          expected: z.number(),
          entered: z.number(),
          absent: z.number(),
          missing: z.number(),
          mean: z.number().nullable(),
          previous_mean: z.number().nullable(),
        }),
      ),
      candidates: z.array(
        z.object({
          class_id: z.number(),
          name: z.string(),
          results: z.array(z.object({ label: z.string(), students: z.number() })),
        }),
      ),
      report_cards: z.object({ printed: z.number(), withheld: z.number() }),
    })
    .nullable(),
  /** A teacher's own load and the marks still owed for it in the set being chased (record_staff_marks). */
  teaching: z
    .object({
      exam_set: z.object({ id: z.number(), name: z.string() }).nullable(),
      load: z.array(
        z.object({
          class_id: z.number(),
          class_name: z.string(),
          subject: z.string(),
          subject_code: z.string(),
          students: z.number(),
          missing: z.number(),
        }),
      ),
    })
    .nullable(),
});
export type DashboardExams = z.infer<typeof dashboardExamsFigures>;

export const dashboard = defineCall({
  method: 'POST',
  path: 'dashboard',
  access: 'view_dashboard',
  summary: "The dashboard's figures",
  input: z.object({}).passthrough(),
  output: dashboardFigures,
});

export const dashboardExams = defineCall({
  method: 'POST',
  path: 'dashboard_exams',
  access: 'view_dashboard',
  summary: "The dashboard's exams tiles: the school's term in exams, and a teacher's own marks still owed",
  input: z.object({}).passthrough(),
  output: dashboardExamsFigures,
});

export const userCalls = [
  listUsers,
  addUser,
  updateUser,
  deleteUser,
  listRoles,
  addRole,
  updateRole,
  deleteRole,
  listPermissions,
  updatePermissions,
  listAudits,
  dashboard,
  dashboardExams,
];
