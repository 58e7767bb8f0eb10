import { areaKeys } from '../../lib/query-keys';

const k = areaKeys('users');
/** The users area's query keys (lib/query-keys.ts); staff and audits read its lists too. */
export const userKeys = {
  /** The paged list; invalidating it reaches `everyone` too. */
  list: k.all,
  everyone: k.of('all'),
  roles: ['roles'] as const,
  permissions: ['permissions'] as const,
};
