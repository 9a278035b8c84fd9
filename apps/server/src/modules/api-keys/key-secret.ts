import { hashSecret, newSecretToken } from '../../security/secret-token';

export const API_KEY_MARK = 'kk_';
const PREFIX_LENGTH = 8;

export const hashApiKey = hashSecret;

/** A new secret `kk_<prefix><random>`; only its hash is kept, so it can be shown once. */
export function generateApiKey(): { secret: string; prefix: string; keyHash: string } {
  const random = newSecretToken();
  const prefix = random.slice(0, PREFIX_LENGTH);
  const secret = `${API_KEY_MARK}${random}`;
  return { secret, prefix, keyHash: hashApiKey(secret) };
}
