/**
 * The registry of declared entities: one line each. The API serves them, drizzle-kit makes their
 * tables, and the web app's generic screens show them.
 */
import { classResource } from './school/classes.js';
import { streamResource } from './school/streams.js';
import { guardianResource } from './students/guardians.js';
import { oldStudentResource } from './students/old-students.js';
import { passOutResource } from './students/pass-outs.js';
import { studentResource } from './students/students.js';

export * from './core/counters.js';
export * from './core/files.js';
export * from './school/classes.js';
export * from './school/settings.js';
export * from './school/streams.js';
export * from './school/term-dates.js';
export * from './students/guardians.js';
export * from './students/old-students.js';
export * from './students/pass-outs.js';
export * from './students/student-accounts.js';
export * from './students/students.js';

export const resources = [
  classResource,
  streamResource,
  guardianResource,
  studentResource,
  oldStudentResource,
  passOutResource,
];

export const resourceByPath = (path: string) => resources.find((r) => r.path === path);
