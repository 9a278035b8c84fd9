import { describe, expect, it } from 'vitest';
import { createTicketService, TICKET_SECONDS } from './preview-ticket';

const tickets = createTicketService('x'.repeat(40));
const claims = { userId: 7, sessionId: 'session-1' };
const url = 'https://shop.example.com/';

describe('preview tickets', () => {
  it('verify for the URL they were issued for (positive control)', () => {
    expect(tickets.verify(tickets.issue(url, claims), url)).toEqual(claims);
  });

  it('do not open another URL, expire, and do not survive tampering or another secret', () => {
    const ticket = tickets.issue(url, claims);
    expect(tickets.verify(ticket, 'https://shop.example.com/admin')).toBeUndefined();
    expect(tickets.verify(ticket, url, Date.now() + (TICKET_SECONDS + 5) * 1000)).toBeUndefined();
    const [body = '', signature = ''] = ticket.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), u: 8 }),
    ).toString('base64url');
    expect(tickets.verify(`${forged}.${signature}`, url)).toBeUndefined();
    expect(createTicketService('y'.repeat(40)).verify(ticket, url)).toBeUndefined();
    expect(tickets.verify('garbage', url)).toBeUndefined();
  });
});
