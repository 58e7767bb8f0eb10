import { z } from 'zod';
import { defineCall, noInput } from '../call.js';
import { permissionFlags } from '../permissions.js';
import { optionalPhoneInput } from '../phone.js';

const password = z.string().min(8, 'Use at least 8 characters').max(200);
const username = z
  .string()
  .trim()
  .min(3, 'Use at least 3 characters')
  .max(60)
  .regex(/^[A-Za-z0-9._@-]+$/, 'Use letters, digits, dot, dash, underscore or @');

export const flagsRecord = z.object(
  Object.fromEntries(permissionFlags.map((f) => [f, z.boolean()])) as Record<
    (typeof permissionFlags)[number],
    z.ZodBoolean
  >,
);

export const signedInUser = z.object({
  id: z.number(),
  name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  type: z.number(),
  school: z.object({ id: z.number(), name: z.string() }),
  permission: z.object({ role: z.string().nullable(), flags: flagsRecord }),
});
export type SignedInUser = z.infer<typeof signedInUser>;

export const login = defineCall({
  method: 'POST',
  path: 'login',
  access: 'public',
  summary: 'Sign in with a user name (or e-mail) and password; answers { token, user }',
  input: z.object({
    username: z.string().trim().min(1, 'Enter your user name').max(254),
    password: z.string().min(1, 'Enter your password').max(200),
  }),
  output: z.object({ token: z.string(), user: signedInUser, message: z.string().optional() }),
  bare: true,
});

export const currentUser = defineCall({
  method: 'GET',
  path: 'user',
  access: 'everyone',
  summary: 'The signed-in user with school and permission flags',
  input: noInput,
  output: signedInUser,
});

export const logout = defineCall({
  method: 'POST',
  path: 'logout',
  access: 'everyone',
  summary: 'Revoke the token of this session',
  input: noInput,
  output: z.null(),
  whileLocked: true,
});

export const register = defineCall({
  method: 'POST',
  path: 'register',
  access: 'public',
  summary: 'Create a new school with its first administrator; answers { token, user }',
  input: z.object({
    school: z.string().trim().min(3, 'Enter the school name').max(120),
    name: z.string().trim().min(2, 'Enter your name').max(120),
    username,
    email: z.email('Enter a valid e-mail address'),
    password,
  }),
  output: z.object({ token: z.string(), user: signedInUser, message: z.string().optional() }),
  bare: true,
});

export const recover = defineCall({
  method: 'POST',
  path: 'recover',
  access: 'public',
  summary: 'E-mail a one-hour password reset link',
  input: z.object({ email: z.email('Enter a valid e-mail address') }),
  output: z.null(),
});

export const resetPassword = defineCall({
  method: 'POST',
  path: 'reset_password',
  access: 'public',
  summary: 'Set a new password with the token from the reset link',
  input: z.object({ token: z.string().min(10), password }),
  output: z.null(),
});

/**
 * Locks this session (the lock screen). Not in the specification's call list: the server enforces the
 * lock, so every other call of the session answers 423 until `unlock` is given the password.
 */
export const lock = defineCall({
  method: 'POST',
  path: 'lock',
  access: 'everyone',
  summary: 'Lock this session until the password is given to unlock',
  input: noInput,
  output: z.null(),
  whileLocked: true,
});

export const unlock = defineCall({
  method: 'POST',
  path: 'unlock',
  access: 'everyone',
  summary: "Check the signed-in user's password to leave the lock screen (unlocks this session)",
  input: z.object({ password: z.string().min(1, 'Enter your password').max(200) }),
  output: z.null(),
  whileLocked: true,
});

/** The reply of any other call while the session is locked: HTTP 423 with `locked: true`. */
export const lockedStatus = 423;

export const changePassword = defineCall({
  method: 'POST',
  path: 'change_password',
  access: 'everyone',
  summary: "Change the signed-in user's password (other sessions are signed out)",
  input: z.object({ current_password: z.string().min(1, 'Enter your current password'), password }),
  output: z.null(),
});

export const profile = defineCall({
  method: 'POST',
  path: 'profile',
  access: 'everyone',
  summary: "Update the signed-in user's name, e-mail and phone",
  input: z.object({
    name: z.string().trim().min(2, 'Enter your name').max(120),
    email: z.email('Enter a valid e-mail address').nullable().optional(),
    phone: optionalPhoneInput(),
  }),
  output: signedInUser,
});

export const authCalls = [
  login,
  currentUser,
  logout,
  register,
  recover,
  resetPassword,
  lock,
  unlock,
  changePassword,
  profile,
];
export const passwordRule = password;
export const usernameRule = username;
