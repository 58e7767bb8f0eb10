import { z } from 'zod';
import { defineCall, noInput } from '../call.js';
import { staffResource, staffSubjectResource } from '../resources/staff/staff.js';
import { passwordRule, usernameRule } from './auth.js';
import { upload } from './settings.js';
import { importReport } from './students.js';

/**
 * The staff register's own calls (issue 10 §2). Listing and removing a staff member are the generic
 * engine's; adding and changing are served by the staff area because initials must be unique in a
 * school (they are printed on marksheets), with a refusal naming who holds them.
 */

const staffRow = z.record(z.string(), z.unknown());

export const addStaff = defineCall({
  method: 'POST',
  path: 'staff',
  access: 'view_staff',
  summary: 'Add a staff member (name and initials unique in the school)',
  input: staffResource.input,
  output: staffRow,
});

export const updateStaff = defineCall({
  method: 'PUT',
  path: 'staff/{id}',
  access: 'view_staff',
  summary: "Change a staff member's details (name and initials stay unique in the school)",
  input: staffResource.patch,
  output: staffRow,
});

/** The staff member's sign-in as the profile shows it. */
export const staffSignIn = z.object({
  id: z.number(),
  name: z.string(),
  username: z.string(),
  /** 0 owner, 1 administrator, 2 staff user in `role`. */
  type: z.number(),
  role: z.string().nullable(),
  active: z.boolean(),
  last_login_at: z.string().nullable(),
  /** Whether the signed-in user may unlink it (the users screen's rule: nobody manages what they do not hold). */
  manageable: z.boolean(),
});

export const teachingLoadRow = z.object({
  id: z.number(),
  subject_id: z.number(),
  subject: z.string(),
  class_id: z.number(),
  class: z.string(),
  stream_id: z.number().nullable(),
  /** Null: every stream of the class. */
  stream: z.string().nullable(),
  paper_id: z.number().nullable(),
  /** Null: every paper of the subject. */
  paper: z.string().nullable(),
});
export type TeachingLoadRow = z.infer<typeof teachingLoadRow>;

/** One teaching load with its teacher: GET staff_subjects/{id}. */
export const teachingLoad = teachingLoadRow.extend({ staff_id: z.number(), staff: z.string() });
export type TeachingLoad = z.infer<typeof teachingLoad>;

/** The specification's GET staff_subjects/{id}; the list, adding and removing are the generic engine's. */
export const getTeachingLoad = defineCall({
  method: 'GET',
  path: 'staff_subjects/{id}',
  access: staffSubjectResource.read,
  summary: 'One teaching load: the teacher, subject, class, stream and paper by name',
  input: noInput,
  output: teachingLoad,
});

export const staffProfile = z.object({
  id: z.number(),
  name: z.string(),
  initials: z.string(),
  position_id: z.number().nullable(),
  position: z.string().nullable(),
  gender: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  nin: z.string().nullable(),
  tin: z.string().nullable(),
  nssf_number: z.string().nullable(),
  bank_name: z.string().nullable(),
  bank_account: z.string().nullable(),
  joined_on: z.string().nullable(),
  basic_salary: z.number(),
  non_resident: z.boolean(),
  active: z.boolean(),
  sign_in: staffSignIn.nullable(),
  teaching_load: z.array(teachingLoadRow),
});
export type StaffProfile = z.infer<typeof staffProfile>;

export const getStaff = defineCall({
  method: 'GET',
  path: 'staff/{id}',
  access: 'view_staff',
  summary: "A staff member's profile: details, position, teaching load and sign-in",
  input: noInput,
  output: staffProfile,
});

// A sign-in is a user of the school, so managing users (view_users) decides, under the users
// screen's rules: nobody links, creates or unlinks a user they could not manage there.

export const linkStaffUser = defineCall({
  method: 'PUT',
  path: 'staff_sign_in/{id}',
  access: 'view_users',
  summary: "Make an existing user of the school the staff member's sign-in",
  input: z.object({ user_id: z.number({ error: 'Choose the user' }).int().positive('Choose the user') }),
  output: staffProfile,
});

export const createStaffUser = defineCall({
  method: 'POST',
  path: 'staff_sign_in/{id}',
  access: 'view_users',
  summary: 'Create a staff user named after the staff member and make it their sign-in',
  input: z.object({
    username: usernameRule,
    password: passwordRule,
    role_id: z.number({ error: 'Choose a user group' }).int().positive('Choose a user group'),
  }),
  output: staffProfile,
});

export const unlinkStaffUser = defineCall({
  method: 'DELETE',
  path: 'staff_sign_in/{id}',
  access: 'view_users',
  summary: "Take away the staff member's sign-in link (the user itself stays)",
  input: noInput,
  output: staffProfile,
});

export const staffImportTemplate = defineCall({
  method: 'GET',
  path: 'staff_import_template',
  access: 'view_staff',
  summary: 'The xlsx template for importing staff',
  input: noInput,
  output: z.unknown(),
  file: 'xlsx',
});

export const importStaff = defineCall({
  method: 'POST',
  path: 'import_staff',
  access: 'view_staff',
  summary: 'Import staff from the xlsx template; any bad row rejects the whole file with reasons',
  input: upload,
  output: importReport,
});

export const staffCalls = [
  addStaff,
  updateStaff,
  getStaff,
  getTeachingLoad,
  linkStaffUser,
  createStaffUser,
  unlinkStaffUser,
  staffImportTemplate,
  importStaff,
];
