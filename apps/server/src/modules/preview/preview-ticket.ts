import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

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
  const key = createHmac('sha256', authSecret).update('kindling preview ticket v1').digest();
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');

  return {
    issue(url: string, { userId, sessionId }: TicketClaims, now = Date.now()): string {
      const payload: TicketPayload = {
        u: userId,
        s: sessionId,
        h: hashUrl(url),
        e: Math.floor(now / 1000) + TICKET_SECONDS,
      };
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${body}.${sign(body)}`;
    },

    /** The ticket's claims when it is genuine, unexpired and issued for `url`; else undefined. */
    verify(ticket: string, url: string, now = Date.now()): TicketClaims | undefined {
      const [body = '', signature = ''] = ticket.split('.');
      const expected = Buffer.from(sign(body));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TicketPayload;
      if (payload.e * 1000 < now || payload.h !== hashUrl(url)) return undefined;
      return { userId: payload.u, sessionId: payload.s };
    },
  };
}

export type TicketService = ReturnType<typeof createTicketService>;
