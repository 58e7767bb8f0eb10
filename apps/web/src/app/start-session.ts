import { currentUser } from '@somero/contract';
import { api } from '../lib/api';
import { sessionStore, signOut, updateUser } from '../lib/auth';

/** A stored token counts only once GET user answers 200; anything else clears it (spec 1 §2). */
export async function startSession() {
  if (sessionStore.get().status !== 'checking') return;
  const result = await api(currentUser, {}, { quiet: true, saving: false });
  if (result.ok && result.status === 200) updateUser(result.data);
  else signOut();
}
