import { type Resource, staffResource } from '@somero/contract';

/**
 * The staff declaration as the screens use it: adding and changing are served by the staff area
 * (POST staff, PUT staff/{id}, same fields, initials kept unique) rather than the generic engine, so the
 * declaration lists only the engine's calls; the generic list and form still offer add and edit.
 */
export const staffForm: Resource = { ...staffResource, calls: ['list', 'create', 'update', 'delete'] } as Resource;
