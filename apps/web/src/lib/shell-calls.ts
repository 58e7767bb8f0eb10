import { type Call, defineCall, type SchoolDetails } from '@somero/contract';
import { z } from 'zod';

/*
 * The two calls the shell makes on every page (the school's details for the header logo, and the logo
 * itself), declared here with the contract's paths and types. Importing them from the contract's
 * calls/settings.ts would bring drizzle-orm into every page (about 9 KB gzipped): that module imports
 * the curriculum list from the classes table module. Once the contract keeps such lists in a
 * drizzle-free module, use `getSchoolDetails` and `getFile` from the contract instead.
 */

/** GET school_details (contract: getSchoolDetails). */
export const schoolDetailsCall = defineCall({
  method: 'GET',
  path: 'school_details',
  access: 'everyone',
  summary: "The school's details",
  input: z.object({}),
  output: z.custom<SchoolDetails>(),
}) satisfies Call;

/** GET files/{id} (contract: getFile): answers the bytes of an image. */
export const filePath = (id: number) => `files/${id}`;
