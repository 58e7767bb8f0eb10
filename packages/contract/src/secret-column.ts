import { customType } from 'drizzle-orm/pg-core';

/**
 * How the server seals a secret at rest and opens it again (the API's `core/secrets.ts`, with the server's key,
 * installed when the app is built). The contract declares the column; it holds no key and no cipher.
 */
export interface SecretSeal {
  seal(plain: string): string;
  /** The plain secret, or null when no key of this server opens it (a school's copy made on another server). */
  open(stored: string): string | null;
}

let seal: SecretSeal | undefined;

/** The server's seal, installed once when the app is built. */
export function useSecretSeal(server: SecretSeal): void {
  seal = server;
}

/**
 * An integration's secret (a mail server's password, the fees provider's API password): written sealed with the
 * server's key, read open. One this server cannot open reads as empty: the school types it again.
 */
export const secretText = customType<{ data: string; driverData: string }>({
  dataType: () => 'text',
  toDriver(plain) {
    if (!seal) throw new Error('No secret key is installed: the server seals secrets before it keeps them.');
    return seal.seal(plain);
  },
  fromDriver: (stored) => seal?.open(stored) ?? '',
});
