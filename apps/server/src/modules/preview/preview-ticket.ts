import { createHash } from 'node:crypto';
import { signedTokens } from '../../security/signed-token';

// The framed page can read its own address, so the address must not hold the user's access
// token. The page route trades the token for this ticket: it names one URL, one session and
// expires, so a page that steals it can only preview itself again.

export const TICKET_SECONDS = 15 * 60;

export interface TicketClaims {
  userId: number;
  sessionId: string;
}

interface TicketPayload {
  u: number;
  s: string;
  /** sha256 of the previewed URL, base64url. */
  h: string;
  e: number;
}

const hashUrl = (url: string) => createHash('sha256').update(url).digest('base64url');

export function createTicketService(authSecret: string) {
  const tokens = signedTokens(authSecret, 'kindling preview ticket v1');

  return {
    issue(url: string, { userId, sessionId }: TicketClaims, now = Date.now()): string {
      const payload: TicketPayload = {
        u: userId,
        s: sessionId,
        h: hashUrl(url),
        e: Math.floor(now / 1000) + TICKET_SECONDS,
      };
      return tokens.seal(payload);
    },

    /** The ticket's claims when it is genuine, unexpired and issued for `url`; else undefined. */
    verify(ticket: string, url: string, now = Date.now()): TicketClaims | undefined {
      const payload = tokens.open(ticket) as TicketPayload | undefined;
      if (!payload || payload.e * 1000 < now || payload.h !== hashUrl(url)) return undefined;
      return { userId: payload.u, sessionId: payload.s };
    },
  };
}

export type TicketService = ReturnType<typeof createTicketService>;
