import { type Access, allows, type SignedInUser } from '@somero/contract';

/** The contract's one rule, for the signed-in user's type and flags. */
export const can = (user: SignedInUser, access: Access) =>
  allows({ type: user.type, flags: user.permission.flags }, access);
