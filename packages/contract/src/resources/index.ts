/**
 * The registry of declared entities: one line each. The API serves them, drizzle-kit makes their
 * tables, and the web app's generic screens show them.
 */
import { classResource } from './school/classes.js';
import { streamResource } from './school/streams.js';
import { guardianResource } from './students/guardians.js';

export * from './school/classes.js';
export * from './school/streams.js';
export * from './students/guardians.js';

export const resources = [classResource, streamResource, guardianResource];

export const resourceByPath = (path: string) => resources.find((r) => r.path === path);
