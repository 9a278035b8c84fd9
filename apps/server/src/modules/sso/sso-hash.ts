import { createHash } from 'node:crypto';

/** How the handoff code and the browser cookie are stored: their SHA-256, never themselves. */
export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
