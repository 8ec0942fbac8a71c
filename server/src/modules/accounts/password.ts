import { hash, verify } from '@node-rs/argon2';

/**
 * Argon2id with the OWASP minimum: 19 MiB, two passes, one lane (Password Storage Cheat Sheet).
 * Argon2id is the package's default algorithm; its `Algorithm` is an ambient const enum that
 * cannot be read as a value under verbatimModuleSyntax, so it is not named here (password.test.ts
 * checks the hash says argon2id).
 */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for an account that has no password (a temporary checkout user). */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
