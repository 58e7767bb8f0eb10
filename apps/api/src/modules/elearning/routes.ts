import {
  addElearning,
  allows,
  classes,
  deleteElearning,
  downloadElearningFile,
  type ElearningRow,
  editElearning,
  elearningChoices,
  elearningResources,
  listElearning,
  publishElearning,
  type ReportAttachment,
  streams,
  subjects,
} from '@somero/contract';
import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Caller } from '../../core/auth.js';
import { now } from '../../core/dates.js';
import { Invalid, NotFound, Refusal } from '../../core/errors.js';
import { saveFile } from '../../core/files.js';
import type { SchoolScope } from '../../core/scope.js';
import { checkedUpload, sendKept } from '../departments/index.js';
import type { ModuleContext } from '../module.js';
import { canChange, canSee, notYours, publishStep, type Viewer } from './rules.js';

const module = 'elearning';
const viewerOf = (caller: Caller): Viewer => ({ userId: caller.userId, admin: allows(caller, 'admin') });

/** Resources with their class, stream and subject names, newest first. */
async function resourceRows(scope: SchoolScope, who: Viewer, where: SQL | undefined): Promise<ElearningRow[]> {
  const rows = await scope.db
    .select({ r: elearningResources, className: classes.name, streamName: streams.name, subjectName: subjects.name })
    .from(elearningResources)
    .innerJoin(
      classes,
      and(eq(classes.schoolId, elearningResources.schoolId), eq(classes.id, elearningResources.classId)),
    )
    .leftJoin(
      streams,
      and(eq(streams.schoolId, elearningResources.schoolId), eq(streams.id, elearningResources.streamId)),
    )
    .innerJoin(
      subjects,
      and(eq(subjects.schoolId, elearningResources.schoolId), eq(subjects.id, elearningResources.subjectId)),
    )
    .where(where)
    .orderBy(
      desc(sql`coalesce(${elearningResources.publishedAt}, ${elearningResources.createdAt})`),
      desc(elearningResources.id),
    );
  return rows.map(({ r, className, streamName, subjectName }) => ({
    id: r.id,
    title: r.title,
    kind: r.kind as ElearningRow['kind'],
    class_id: r.classId,
    class_name: className,
    stream_id: r.streamId,
    stream_name: streamName,
    subject_id: r.subjectId,
    subject_name: subjectName,
    body: r.body,
    link: r.link,
    due_on: r.dueOn,
    attachments: r.attachments,
    status: r.status as ElearningRow['status'],
    author: r.author,
    created_at: r.createdAt.toISOString(),
    published_at: r.publishedAt?.toISOString() ?? null,
    published_by: r.publishedBy,
    mine: canChange(r, who),
  }));
}

/** What the caller may see: published resources, their own drafts, and every draft for administrators. */
const visible = (who: Viewer): SQL | undefined =>
  who.admin ? undefined : or(eq(elearningResources.status, 'published'), eq(elearningResources.authorId, who.userId));

async function resourceRow(scope: SchoolScope, who: Viewer, id: number) {
  const [row] = await resourceRows(scope, who, scope.mine(elearningResources, eq(elearningResources.id, id)));
  if (!row) throw new NotFound('resource');
  return row;
}

/** The stored resource, as long as the caller may see it (another user's draft is not found). */
async function held(scope: SchoolScope, who: Viewer, id: number) {
  const row = await scope.table(elearningResources, module).find(id, 'resource');
  if (!canSee(row, who)) throw new NotFound('resource');
  return row;
}

/** The class, its stream and the subject must be this school's (a stream of that class); 422 otherwise. */
async function checkPlace(
  scope: SchoolScope,
  input: { class_id: number; stream_id?: number | null; subject_id: number },
) {
  const [klass] = await scope.db
    .select({ id: classes.id })
    .from(classes)
    .where(scope.mine(classes, eq(classes.id, input.class_id)));
  if (!klass) throw new Invalid('class_id', 'Choose one of the school’s classes');
  if (input.stream_id) {
    const [stream] = await scope.db
      .select({ classId: streams.classId })
      .from(streams)
      .where(scope.mine(streams, eq(streams.id, input.stream_id)));
    if (!stream || stream.classId !== input.class_id)
      throw new Invalid('stream_id', 'Choose a stream of the chosen class, or none');
  }
  const [subject] = await scope.db
    .select({ id: subjects.id })
    .from(subjects)
    .where(scope.mine(subjects, eq(subjects.id, input.subject_id)));
  if (!subject) throw new Invalid('subject_id', 'Choose one of the school’s subjects');
}

async function keepAttachments(
  scope: SchoolScope,
  uploads: { filename: string; data: string }[],
): Promise<ReportAttachment[]> {
  const checked = uploads.map((u, i) => checkedUpload(`attachments.${i}`, u));
  const kept: ReportAttachment[] = [];
  for (const file of checked) {
    const fileId = await saveFile(scope, 'elearning', file);
    kept.push({ file_id: fileId, filename: file.filename, mime: file.mime, size: file.bytes.length });
  }
  return kept;
}

/** The stored fields of a resource from the form (a link only when given, a due date only for an assignment). */
const fieldsOf = (input: {
  title: string;
  kind: ElearningRow['kind'];
  class_id: number;
  stream_id?: number | null;
  subject_id: number;
  body: string;
  link?: string | null;
  due_on?: string | null;
}) => ({
  title: input.title,
  kind: input.kind,
  classId: input.class_id,
  streamId: input.stream_id ?? null,
  subjectId: input.subject_id,
  body: input.body,
  link: input.link ?? null,
  dueOn: input.kind === 'assignment' ? (input.due_on ?? null) : null,
});

export function elearningRoutes({ serve }: ModuleContext) {
  serve(listElearning, async ({ input, scope, caller }) => {
    const who = viewerOf(caller);
    const search = input.search ? `%${input.search}%` : undefined;
    const where = scope.mine(
      elearningResources,
      visible(who),
      input.class_id ? eq(elearningResources.classId, input.class_id) : undefined,
      input.subject_id ? eq(elearningResources.subjectId, input.subject_id) : undefined,
      input.kind ? eq(elearningResources.kind, input.kind) : undefined,
      input.status ? eq(elearningResources.status, input.status) : undefined,
      search ? or(ilike(elearningResources.title, search), ilike(elearningResources.body, search)) : undefined,
    );
    return { data: await resourceRows(scope, who, where) };
  });

  serve(addElearning, async ({ input, scope, caller }) => {
    const who = viewerOf(caller);
    await checkPlace(scope, input);
    const made = await scope.transaction(async (tx) => {
      const attachments = await keepAttachments(tx, input.attachments);
      return tx.table(elearningResources, module).insert({
        ...fieldsOf(input),
        attachments,
        status: 'draft',
        authorId: caller.userId,
        author: caller.name,
      });
    });
    return { data: await resourceRow(scope, who, made.id), message: 'Saved as a draft; publish it when it is ready' };
  });

  serve(editElearning, async ({ id, input, scope, caller }) => {
    const who = viewerOf(caller);
    const before = await held(scope, who, id);
    if (!canChange(before, who)) throw new Refusal(notYours('change', before.author));
    await checkPlace(scope, input);
    await scope.transaction(async (tx) => {
      const removing = new Set(input.remove_files);
      const kept = before.attachments.filter((a) => !removing.has(a.file_id));
      const added = await keepAttachments(tx, input.attachments);
      await tx
        .table(elearningResources, module)
        .update(id, { ...fieldsOf(input), attachments: [...kept, ...added], updatedAt: now() }, 'edit');
    });
    return { data: await resourceRow(scope, who, id), message: 'Resource updated' };
  });

  serve(deleteElearning, async ({ id, scope, caller }) => {
    const who = viewerOf(caller);
    const before = await held(scope, who, id);
    if (!canChange(before, who)) throw new Refusal(notYours('delete', before.author));
    // Its attachments stay in `files` (never deleted); the audit row keeps the resource as it was.
    await scope.table(elearningResources, module).remove(id);
    return { data: { id }, message: 'Resource deleted' };
  });

  serve(publishElearning, async ({ id, input, scope, caller }) => {
    const who = viewerOf(caller);
    const before = await held(scope, who, id);
    if (!canChange(before, who)) throw new Refusal(notYours(input.action, before.author));
    const step = publishStep(before.status, input.action, before.title);
    if (!step.ok) throw new Refusal(step.message);
    await scope
      .table(elearningResources, module)
      .update(
        id,
        step.status === 'published'
          ? { status: 'published', publishedAt: now(), publishedBy: caller.name, updatedAt: now() }
          : { status: 'draft', publishedAt: null, publishedBy: null, updatedAt: now() },
        input.action,
      );
    return {
      data: await resourceRow(scope, who, id),
      message: step.status === 'published' ? 'Published: every user now sees it' : 'Withdrawn to draft',
    };
  });

  serve(downloadElearningFile, async ({ id, scope, caller, reply }) => {
    // The file must be an attachment of a resource of this school that the caller may see.
    const rows = await scope.db
      .select({ attachments: elearningResources.attachments })
      .from(elearningResources)
      .where(
        scope.mine(
          elearningResources,
          visible(viewerOf(caller)),
          sql`${elearningResources.attachments} @> ${JSON.stringify([{ file_id: id }])}::jsonb`,
        ),
      );
    const found = rows.flatMap((r) => r.attachments).find((a) => a.file_id === id);
    if (!found) throw new NotFound('attachment');
    return sendKept(scope, reply, found.file_id, found.filename);
  });

  serve(elearningChoices, async ({ scope }) => {
    const [classRows, streamRows, subjectRows] = await Promise.all([
      scope.db
        .select({ value: classes.id, label: classes.name, curriculum: classes.curriculum })
        .from(classes)
        .where(scope.mine(classes))
        .orderBy(asc(classes.rank), asc(classes.name)),
      scope.db
        .select({ value: streams.id, label: streams.name, class_id: streams.classId })
        .from(streams)
        .where(scope.mine(streams))
        .orderBy(asc(streams.name)),
      scope.db
        .select({ value: subjects.id, label: subjects.name, level: subjects.level })
        .from(subjects)
        .where(scope.mine(subjects))
        .orderBy(asc(subjects.name)),
    ]);
    return { data: { classes: classRows, streams: streamRows, subjects: subjectRows } };
  });
}
