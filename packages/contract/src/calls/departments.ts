import { z } from 'zod';
import { type Call, defineCall } from '../call.js';
import { staffResourceCategories } from '../resources/departments/departments.js';
import { id, optionalText, queryId, reason } from './fields.js';
import { upload } from './settings.js';

/*
 * Download Center and department reports. Every signed-in user sees both screens (specification 2
 * §2). Who may change what is decided by the handlers (apps/api/src/modules/departments):
 * - a resource is uploaded by any signed-in user; changed or removed by its uploader or an administrator;
 * - a report is written by the head of its department (or an administrator), edited by its writer
 *   until it is reviewed, reviewed with a remark by an administrator (the head teacher's account),
 *   deleted with a reason by its writer or an administrator (it stays listed as deleted).
 */

export const staffResourceRow = z.object({
  id: z.number(),
  title: z.string(),
  category: z.enum(staffResourceCategories),
  filename: z.string(),
  mime: z.string(),
  size: z.number(),
  uploaded_by: z.string(),
  uploaded_at: z.string(),
  /** The caller may change or remove it (its uploader, or an administrator). */
  mine: z.boolean(),
});
export type StaffResourceRow = z.infer<typeof staffResourceRow>;

export const listStaffResources = defineCall({
  method: 'GET',
  path: 'staff_resources',
  access: 'everyone',
  summary: 'The Download Center: files shared with staff, newest first, by category and search',
  input: z.object({
    category: z.preprocess((v) => (v === '' ? undefined : v), z.enum(staffResourceCategories).optional()),
    search: optionalText(100),
  }),
  output: z.array(staffResourceRow),
});

export const addStaffResource = defineCall({
  method: 'POST',
  path: 'staff_resources',
  access: 'everyone',
  summary: 'Share a file with staff (PDF, Word, Excel, PowerPoint or an image, checked by its content)',
  input: z.object({
    title: z.string().trim().min(1, 'Give a title').max(150),
    category: z.enum(staffResourceCategories),
    file: upload,
  }),
  output: staffResourceRow,
});

export const editStaffResource = defineCall({
  method: 'POST',
  path: 'staff_resources_edit',
  access: 'everyone',
  summary: "Change a shared file's title or category, or replace the file (its uploader or an administrator)",
  input: z.object({
    id,
    title: z.string().trim().min(1, 'Give a title').max(150),
    category: z.enum(staffResourceCategories),
    file: upload.optional(),
  }),
  output: staffResourceRow,
});

export const deleteStaffResource = defineCall({
  method: 'DELETE',
  path: 'staff_resources/{id}',
  access: 'everyone',
  summary: 'Remove a shared file (its uploader or an administrator)',
  input: z.object({}),
  output: z.object({ id: z.number() }),
});

export const downloadStaffResource = defineCall({
  method: 'GET',
  path: 'staff_resources/{id}/download',
  access: 'everyone',
  summary: 'The shared file itself, under its name',
  input: z.object({}),
  output: z.unknown(),
  file: 'xlsx',
});

export const reportAttachment = z.object({
  file_id: z.number(),
  filename: z.string(),
  mime: z.string(),
  size: z.number(),
});

export const departmentReportStatuses = ['added', 'edited', 'reviewed', 'deleted'] as const;

export const departmentReportRow = z.object({
  id: z.number(),
  department_id: z.number(),
  department_name: z.string(),
  title: z.string(),
  body: z.string(),
  attachments: z.array(reportAttachment),
  status: z.enum(departmentReportStatuses),
  written_by: z.string(),
  written_at: z.string(),
  remark: z.string().nullable(),
  reviewed_by: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  delete_reason: z.string().nullable(),
  deleted_by: z.string().nullable(),
  /** What the caller may do with it now. */
  can_edit: z.boolean(),
  can_review: z.boolean(),
  can_delete: z.boolean(),
});
export type DepartmentReportRow = z.infer<typeof departmentReportRow>;

const reportFields = {
  title: z.string().trim().min(1, 'Give a title').max(150),
  body: z.string().trim().min(1, 'Write the report').max(20_000),
  attachments: z.array(upload).max(5).default([]),
};

export const addDepartmentReport = defineCall({
  method: 'POST',
  path: 'department_reports',
  access: 'everyone',
  summary: "Write a department's report (its head, or an administrator), with attachments",
  input: z.object({ department_id: id, ...reportFields }),
  output: departmentReportRow,
});

export const editDepartmentReport = defineCall({
  method: 'POST',
  path: 'edit_department_reports',
  access: 'everyone',
  summary: 'Change a report not yet reviewed (its writer, or an administrator); new attachments are added',
  input: z.object({ id, ...reportFields, remove_files: z.array(z.number().int()).default([]) }),
  output: departmentReportRow,
});

export const viewDepartmentReports = defineCall({
  method: 'POST',
  path: 'view_department_reports',
  access: 'everyone',
  summary: 'Department reports, newest first, deleted ones with their reason',
  input: z.object({
    department_id: queryId,
    status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(departmentReportStatuses).optional()),
  }),
  output: z.array(departmentReportRow),
});

export const reviewDepartmentReport = defineCall({
  method: 'PUT',
  path: 'review_department_reports/{id}',
  access: 'admin',
  summary: "The head teacher's review of a report, with a remark (administrators)",
  input: z.object({ remark: z.string().trim().min(2, 'Write a remark').max(2000) }),
  output: departmentReportRow,
});

export const deleteDepartmentReport = defineCall({
  method: 'DELETE',
  path: 'department_reports/{id}',
  access: 'everyone',
  summary: 'Delete a report with the reason (its writer, or an administrator); it stays listed as deleted',
  input: z.object({ reason }),
  output: departmentReportRow,
});

export const downloadReportAttachment = defineCall({
  method: 'GET',
  path: 'department_report_files/{id}',
  access: 'everyone',
  summary: "A report's attachment, under its name",
  input: z.object({}),
  output: z.unknown(),
  file: 'xlsx',
});

export const departmentCalls: Call[] = [
  listStaffResources,
  addStaffResource,
  editStaffResource,
  deleteStaffResource,
  downloadStaffResource,
  addDepartmentReport,
  editDepartmentReport,
  viewDepartmentReports,
  reviewDepartmentReport,
  deleteDepartmentReport,
  downloadReportAttachment,
];
