import type { SignedInUser } from '@somero/contract';
import { createStore, useStore } from './store';

const tokenKey = 'somero.token';
const userKey = 'somero.user';
const lockedKey = 'somero.locked';

/**
 * The session: signed out; a stored token still being checked with GET user; or signed in with the
 * user the server answered. Only the token and the user's name are stored (spec 1 §2).
 */
export type Session =
  | { status: 'signedOut' }
  | { status: 'checking'; token: string }
  | { status: 'signedIn'; token: string; user: SignedInUser };

function storedSession(): Session {
  const token = localStorage.getItem(tokenKey);
  const name = localStorage.getItem(userKey);
  return token && name ? { status: 'checking', token } : { status: 'signedOut' };
}

export const sessionStore = createStore<Session>(storedSession());
/** The lock screen's flag, stored so a reload stays locked. */
export const lockedStore = createStore<boolean>(localStorage.getItem(lockedKey) === '1');

export const useSession = () => useStore(sessionStore);
export const useLocked = () => useStore(lockedStore);

export function currentToken(): string | undefined {
  const session = sessionStore.get();
  return session.status === 'signedOut' ? undefined : session.token;
}

/** The signed-in user; only call under the main layout, which renders once the session is checked. */
export function useUser(): SignedInUser {
  const session = useSession();
  if (session.status !== 'signedIn') throw new Error('No signed-in user');
  return session.user;
}

export function signIn(token: string, user: SignedInUser) {
  localStorage.setItem(tokenKey, token);
  localStorage.setItem(userKey, user.name);
  setLocked(false);
  sessionStore.set({ status: 'signedIn', token, user });
}

export function updateUser(user: SignedInUser) {
  const session = sessionStore.get();
  if (session.status === 'signedOut') return;
  localStorage.setItem(userKey, user.name);
  sessionStore.set({ status: 'signedIn', token: session.token, user });
}

export function signOut() {
  localStorage.removeItem(tokenKey);
  localStorage.removeItem(userKey);
  setLocked(false);
  sessionStore.set({ status: 'signedOut' });
}

export function setLocked(locked: boolean) {
  if (locked) localStorage.setItem(lockedKey, '1');
  else localStorage.removeItem(lockedKey);
  lockedStore.set(locked);
}
