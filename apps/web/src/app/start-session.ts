import { currentUser, lockedStatus } from '@somero/contract';
import { api } from '../lib/api';
import { sessionStore, signOut, updateUser } from '../lib/auth';

/**
 * A stored token counts only once GET user answers 200; a locked session (423) goes to the lock
 * screen (api() marks it locked); anything else clears it (spec 1 §2).
 */
export async function startSession() {
  if (sessionStore.get().status !== 'checking') return;
  const result = await api(currentUser, {}, { quiet: true, saving: false });
  if (result.ok && result.status === 200) updateUser(result.data);
  else if (result.status !== lockedStatus) signOut();
}
