import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: refresh tokens, API keys, single-use links. */
export const newSecretToken = (): string => randomBytes(32).toString('base64url');

/**
 * What we store instead of a secret. SHA-256 without salt is enough here: the secrets are
 * random 256-bit values, not passwords, so there is nothing to guess from a leaked hash.
 */
export const hashSecret = (secret: string): string =>
  createHash('sha256').update(secret).digest('hex');
