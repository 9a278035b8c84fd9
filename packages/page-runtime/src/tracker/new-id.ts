/**
 * A random UUID v4 from `crypto.getRandomValues`, which works on plain-http pages too, where
 * `crypto.randomUUID` does not exist (it is limited to secure contexts).
 */
export function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 15) | 64;
  bytes[8] = (bytes[8]! & 63) | 128;
  const hex = [...bytes].map((byte) => (byte + 256).toString(16).slice(1)).join('');
  return hex.replace(/(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');
}
