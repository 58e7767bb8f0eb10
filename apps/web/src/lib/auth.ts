import type { SignedInUser } from '@somero/contract';
import { createStore, useStore } from './store';

const tokenKey = 'somero.token';
const userKey = 'somero.user';
const lockedKey = 'somero.locked';

/**
 * The session: signed out; a stored token still being checked with GET user; signed in with the
 * user the server answered; or locked (the lock screen: the server answers 423 to everything but
 * unlock and logout, so only the stored name is known). Only the token, the user's name and the
 * lock flag are stored (spec 1 §2).
 */
export type Session =
  | { status: 'signedOut' }
  | { status: 'checking'; token: string }
  | { status: 'signedIn'; token: string; user: SignedInUser }
  | { status: 'locked'; token: string; name: string };

function storedSession(): Session {
  const token = localStorage.getItem(tokenKey);
  const name = localStorage.getItem(userKey);
  if (!token || !name) return { status: 'signedOut' };
  // Locked here before the reload: straight back to the lock screen, which locks the server again.
  return localStorage.getItem(lockedKey) === '1' ? { status: 'locked', token, name } : { status: 'checking', token };
}

export const sessionStore = createStore<Session>(storedSession());

export const useSession = () => useStore(sessionStore);

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

/** The signed-in user's name, also while locked (the lock screen shows it). */
export function useSessionName(): string {
  const session = useSession();
  if (session.status === 'signedIn') return session.user.name;
  if (session.status === 'locked') return session.name;
  return '';
}

export function signIn(token: string, user: SignedInUser) {
  localStorage.setItem(tokenKey, token);
  localStorage.setItem(userKey, user.name);
  localStorage.removeItem(lockedKey);
  sessionStore.set({ status: 'signedIn', token, user });
}

/** The user as GET user answered it; after an unlock this also ends the locked state. */
export function updateUser(user: SignedInUser) {
  const session = sessionStore.get();
  if (session.status === 'signedOut') return;
  localStorage.setItem(userKey, user.name);
  localStorage.removeItem(lockedKey);
  sessionStore.set({ status: 'signedIn', token: session.token, user });
}

export function signOut() {
  localStorage.removeItem(tokenKey);
  localStorage.removeItem(userKey);
  localStorage.removeItem(lockedKey);
  sessionStore.set({ status: 'signedOut' });
}

/** The lock screen is on (the lock item, or a 423 from the server); kept across reloads. */
export function lockSession() {
  const session = sessionStore.get();
  if (session.status === 'signedOut' || session.status === 'locked') return;
  const name = session.status === 'signedIn' ? session.user.name : (localStorage.getItem(userKey) ?? '');
  localStorage.setItem(lockedKey, '1');
  sessionStore.set({ status: 'locked', token: session.token, name });
}
