import { createHash, randomBytes } from 'node:crypto';

export const API_KEY_MARK = 'kk_';
const PREFIX_LENGTH = 8;

export const hashApiKey = (secret: string): string =>
  createHash('sha256').update(secret).digest('hex');

/** A new secret `kk_<prefix><random>`; only its hash is kept, so it can be shown once. */
export function generateApiKey(): { secret: string; prefix: string; keyHash: string } {
  const random = randomBytes(32).toString('base64url');
  const prefix = random.slice(0, PREFIX_LENGTH);
  const secret = `${API_KEY_MARK}${random}`;
  return { secret, prefix, keyHash: hashApiKey(secret) };
}
