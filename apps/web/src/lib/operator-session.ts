import type { OperatorSignedIn } from '@somero/contract';
import { createStore, useStore } from './store';

const key = 'somero.operator';

/**
 * The service's console signs in apart from any school (an operator is never a school's user): its token and
 * name are kept under a key of their own, so a school session in the same browser is left as it is.
 */
export type OperatorSession = { token: string; operator: OperatorSignedIn } | null;

function stored(): OperatorSession {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? 'null') as OperatorSession;
    return value?.token ? value : null;
  } catch {
    return null;
  }
}

const operatorStore = createStore<OperatorSession>(stored());

export const useOperatorSession = () => useStore(operatorStore);
export const operatorToken = () => operatorStore.get()?.token;

export function signInOperator(session: NonNullable<OperatorSession>) {
  localStorage.setItem(key, JSON.stringify(session));
  operatorStore.set(session);
}

export function signOutOperator() {
  localStorage.removeItem(key);
  operatorStore.set(null);
}
