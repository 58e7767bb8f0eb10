import {
  addDepartmentReport,
  addStaffResource,
  allows,
  type DepartmentReportRow,
  deleteDepartmentReport,
  deleteStaffResource,
  departmentReports,
  departments,
  downloadReportAttachment,
  downloadStaffResource,
  editDepartmentReport,
  editStaffResource,
  files,
  listStaffResources,
  type ReportAttachment,
  reviewDepartmentReport,
  type StaffResourceCategory,
  type StaffResourceRow,
  staff,
  staffResources,
  viewDepartmentReports,
} from '@somero/contract';
import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Caller } from '../../core/auth.js';
import { now } from '../../core/dates.js';
import { HttpError, Invalid, NotFound, Refusal } from '../../core/errors.js';
import { readFiles, saveFile } from '../../core/files.js';
import type { SchoolScope } from '../../core/scope.js';
import { decodeUpload } from '../../documents/upload.js';
import type { ModuleContext } from '../module.js';
import { maxFileBytes, reportRules, sizeLabel, sniffFile, storedName } from './file-types.js';

const isAdmin = (caller: Caller) => allows(caller, 'admin');

/** A sent file, checked by its content and size; 422 on the `field` when refused. */
export function checkedUpload(field: string, upload: { filename: string; data: string }) {
  let bytes: Buffer;
  try {
    bytes = decodeUpload(upload.data);
  } catch (error) {
    if (error instanceof HttpError) throw new Invalid(field, error.message);
    throw error;
  }
  const limit = maxFileBytes();
  if (bytes.length > limit)
    throw new Invalid(field, `${upload.filename} is ${sizeLabel(bytes.length)}; files are at most ${sizeLabel(limit)}`);
  const sniffed = sniffFile(bytes);
  if (!sniffed.ok) throw new Invalid(field, `${upload.filename}: ${sniffed.message}`);
  return { bytes: new Uint8Array(bytes), mime: sniffed.type.mime, filename: storedName(upload.filename, sniffed.type) };
}

/** Sends a kept file under its name. */
export async function sendKept(
  scope: SchoolScope,
  reply: import('fastify').FastifyReply,
  fileId: number,
  filename: string,
) {
  const file = (await readFiles(scope, [fileId])).get(fileId);
  if (!file) throw new NotFound('file');
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .type(file.mime)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`)
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(file.bytes));
}

async function resourceRows(scope: SchoolScope, caller: Caller, where: SQL): Promise<StaffResourceRow[]> {
  const rows = await scope.db
    .select()
    .from(staffResources)
    .where(where)
    .orderBy(desc(staffResources.createdAt), desc(staffResources.id));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    category: r.category as StaffResourceCategory,
    filename: r.filename,
    mime: r.mime,
    size: r.size,
    uploaded_by: r.uploadedBy,
    uploaded_at: r.createdAt.toISOString(),
    mine: isAdmin(caller) || r.uploadedById === caller.userId,
  }));
}

async function resourceRow(scope: SchoolScope, caller: Caller, id: number) {
  const [row] = await resourceRows(scope, caller, scope.mine(staffResources, eq(staffResources.id, id)));
  if (!row) throw new NotFound('shared file');
  return row;
}

/** The department, and whether the caller heads it. */
async function departmentOf(scope: SchoolScope, caller: Caller, departmentId: number) {
  const [row] = await scope.db
    .select({ id: departments.id, name: departments.name, headUserId: staff.userId })
    .from(departments)
    .leftJoin(staff, and(eq(staff.schoolId, departments.schoolId), eq(staff.id, departments.headStaffId)))
    .where(scope.mine(departments, eq(departments.id, departmentId)));
  if (!row) throw new NotFound('department');
  return { ...row, isHead: row.headUserId !== null && row.headUserId === caller.userId };
}

async function reportRows(scope: SchoolScope, caller: Caller, where: SQL): Promise<DepartmentReportRow[]> {
  const rows = await scope.db
    .select({ r: departmentReports, departmentName: departments.name })
    .from(departmentReports)
    .innerJoin(
      departments,
      and(eq(departments.schoolId, departmentReports.schoolId), eq(departments.id, departmentReports.departmentId)),
    )
    .where(where)
    .orderBy(desc(departmentReports.createdAt), desc(departmentReports.id));
  const admin = isAdmin(caller);
  return rows.map(({ r, departmentName }) => {
    const writer = admin || r.writtenById === caller.userId;
    return {
      id: r.id,
      department_id: r.departmentId,
      department_name: departmentName,
      title: r.title,
      body: r.body,
      attachments: r.attachments,
      status: r.status as DepartmentReportRow['status'],
      written_by: r.writtenBy,
      written_at: r.createdAt.toISOString(),
      remark: r.remark,
      reviewed_by: r.reviewedBy,
      reviewed_at: r.reviewedAt?.toISOString() ?? null,
      delete_reason: r.deleteReason,
      deleted_by: r.deletedBy,
      can_edit: writer && reportRules.canEdit(r.status),
      can_review: admin && reportRules.canReview(r.status),
      can_delete: writer && reportRules.canDelete(r.status),
    };
  });
}

async function reportRow(scope: SchoolScope, caller: Caller, id: number) {
  const [row] = await reportRows(scope, caller, scope.mine(departmentReports, eq(departmentReports.id, id)));
  if (!row) throw new NotFound('department report');
  return row;
}

async function keepAttachments(
  scope: SchoolScope,
  uploads: { filename: string; data: string }[],
): Promise<ReportAttachment[]> {
  const checked = uploads.map((u, i) => checkedUpload(`attachments.${i}`, u));
  const kept: ReportAttachment[] = [];
  for (const file of checked) {
    const fileId = await saveFile(scope, 'department_report', file);
    kept.push({ file_id: fileId, filename: file.filename, mime: file.mime, size: file.bytes.length });
  }
  return kept;
}

export function departmentRoutes({ serve }: ModuleContext) {
  serve(listStaffResources, async ({ input, scope, caller }) => {
    const search = input.search ? `%${input.search}%` : undefined;
    const where = scope.mine(
      staffResources,
      input.category ? eq(staffResources.category, input.category) : undefined,
      search ? or(ilike(staffResources.title, search), ilike(staffResources.filename, search)) : undefined,
    );
    return { data: await resourceRows(scope, caller, where) };
  });

  serve(addStaffResource, async ({ input, scope, caller }) => {
    const file = checkedUpload('file', input.file);
    const made = await scope.transaction(async (tx) => {
      const fileId = await saveFile(tx, 'staff_resource', file);
      return tx.table(staffResources, 'departments').insert({
        title: input.title,
        category: input.category,
        filename: file.filename,
        mime: file.mime,
        size: file.bytes.length,
        fileId,
        uploadedById: caller.userId,
        uploadedBy: caller.name,
      });
    });
    return { data: await resourceRow(scope, caller, made.id), message: 'File shared' };
  });

  serve(editStaffResource, async ({ input, scope, caller }) => {
    const file = input.file ? checkedUpload('file', input.file) : undefined;
    await scope.transaction(async (tx) => {
      const before = await tx.table(staffResources, 'departments').find(input.id, 'shared file');
      if (!isAdmin(caller) && before.uploadedById !== caller.userId)
        throw new Refusal('Only the person who shared this file, or an administrator, may change it.');
      const replaced = file
        ? {
            fileId: await saveFile(tx, 'staff_resource', file),
            filename: file.filename,
            mime: file.mime,
            size: file.bytes.length,
          }
        : {};
      await tx
        .table(staffResources, 'departments')
        .update(input.id, { title: input.title, category: input.category, ...replaced, updatedAt: now() });
      if (file) await tx.table(files, 'departments').remove(before.fileId);
    });
    return { data: await resourceRow(scope, caller, input.id), message: 'File updated' };
  });

  serve(deleteStaffResource, async ({ id, scope, caller }) => {
    await scope.transaction(async (tx) => {
      const before = await tx.table(staffResources, 'departments').find(id, 'shared file');
      if (!isAdmin(caller) && before.uploadedById !== caller.userId)
        throw new Refusal('Only the person who shared this file, or an administrator, may remove it.');
      await tx.table(staffResources, 'departments').remove(id);
      await tx.table(files, 'departments').remove(before.fileId);
    });
    return { data: { id }, message: 'File removed' };
  });

  serve(downloadStaffResource, async ({ id, scope, reply }) => {
    const row = await scope.table(staffResources, 'departments').find(id, 'shared file');
    return sendKept(scope, reply, row.fileId, row.filename);
  });

  serve(viewDepartmentReports, async ({ input, scope, caller }) => {
    const where = scope.mine(
      departmentReports,
      input.department_id ? eq(departmentReports.departmentId, input.department_id) : undefined,
      input.status ? eq(departmentReports.status, input.status) : undefined,
    );
    return { data: await reportRows(scope, caller, where) };
  });

  serve(addDepartmentReport, async ({ input, scope, caller }) => {
    const department = await departmentOf(scope, caller, input.department_id);
    if (!department.isHead && !isAdmin(caller))
      throw new Refusal(`Only the head of ${department.name} writes its reports.`);
    const made = await scope.transaction(async (tx) => {
      const attachments = await keepAttachments(tx, input.attachments);
      return tx.table(departmentReports, 'departments').insert({
        departmentId: department.id,
        title: input.title,
        body: input.body,
        attachments,
        status: 'added',
        writtenById: caller.userId,
        writtenBy: caller.name,
      });
    });
    return { data: await reportRow(scope, caller, made.id), message: 'Report added' };
  });

  serve(editDepartmentReport, async ({ input, scope, caller }) => {
    await scope.transaction(async (tx) => {
      const before = await tx.table(departmentReports, 'departments').find(input.id, 'department report');
      if (!isAdmin(caller) && before.writtenById !== caller.userId)
        throw new Refusal('Only the writer of this report, or an administrator, may change it.');
      if (!reportRules.canEdit(before.status))
        throw new Refusal(
          before.status === 'reviewed'
            ? 'This report has been reviewed and can no longer be changed.'
            : 'This report was deleted.',
        );
      const removing = new Set(input.remove_files);
      const kept = before.attachments.filter((a) => !removing.has(a.file_id));
      const added = await keepAttachments(tx, input.attachments);
      await tx.table(departmentReports, 'departments').update(
        input.id,
        {
          title: input.title,
          body: input.body,
          attachments: [...kept, ...added],
          status: 'edited',
          updatedAt: now(),
        },
        'edit',
      );
      for (const gone of before.attachments.filter((a) => removing.has(a.file_id)))
        await tx.table(files, 'departments').remove(gone.file_id);
    });
    return { data: await reportRow(scope, caller, input.id), message: 'Report updated' };
  });

  serve(reviewDepartmentReport, async ({ id, input, scope, caller }) => {
    await scope.transaction(async (tx) => {
      const before = await tx.table(departmentReports, 'departments').find(id, 'department report');
      if (!reportRules.canReview(before.status))
        throw new Refusal(
          before.status === 'reviewed' ? 'This report has already been reviewed.' : 'This report was deleted.',
        );
      await tx.table(departmentReports, 'departments').update(
        id,
        {
          status: 'reviewed',
          remark: input.remark,
          reviewedBy: caller.name,
          reviewedAt: now(),
          updatedAt: now(),
        },
        'review',
      );
    });
    return { data: await reportRow(scope, caller, id), message: 'Report reviewed' };
  });

  serve(deleteDepartmentReport, async ({ id, input, scope, caller }) => {
    await scope.transaction(async (tx) => {
      const before = await tx.table(departmentReports, 'departments').find(id, 'department report');
      if (!isAdmin(caller) && before.writtenById !== caller.userId)
        throw new Refusal('Only the writer of this report, or an administrator, may delete it.');
      if (!reportRules.canDelete(before.status)) throw new Refusal('This report was already deleted.');
      await tx
        .table(departmentReports, 'departments')
        .update(
          id,
          { status: 'deleted', deleteReason: input.reason, deletedBy: caller.name, updatedAt: now() },
          'delete',
        );
    });
    return { data: await reportRow(scope, caller, id), message: 'Report deleted' };
  });

  serve(downloadReportAttachment, async ({ id, scope, reply }) => {
    // The file must be an attachment of one of this school's reports.
    const rows = await scope.db
      .select({ attachments: departmentReports.attachments })
      .from(departmentReports)
      .where(scope.mine(departmentReports));
    const found = rows.flatMap((r) => r.attachments).find((a) => a.file_id === id);
    if (!found) throw new NotFound('attachment');
    return sendKept(scope, reply, found.file_id, found.filename);
  });
}
