import { allows, type CallAccess, type SignedInUser } from '@somero/contract';

/** The contract's one rule, for the signed-in user's type and flags. */
export const can = (user: SignedInUser, access: CallAccess) =>
  allows({ type: user.type, flags: user.permission.flags }, access);
