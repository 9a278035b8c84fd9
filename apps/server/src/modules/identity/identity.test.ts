import { createHash } from 'node:crypto';
import { identityHashInput, IDENTITY_MESSAGES } from '@kindling/domain';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { createTeam, errorOf, expectFieldError, signUp, useTestApp } from '../../../test/test-app';

const hashOf = (slug: string, userId: string) =>
  createHash('sha256').update(identityHashInput(slug, userId)).digest('hex');

describeEachDatabase('identity across devices', (kind) => {
  const t = useTestApp(kind, { COLLECT_RATE_LIMIT_PER_MINUTE: 1000 });
  let slug: string;
  let otherSlug: string;

  beforeAll(async () => {
    const { app } = t.current;
    slug = await createTeam(app, await signUp(app), 'Identity Lamps');
    otherSlug = await createTeam(app, await signUp(app), 'Other Lamps');
  });

  const identify = (team: string, body: unknown, contentType = 'text/plain') =>
    t.current.app.inject({
      method: 'POST',
      url: `/api/tracker/${team}/identify`,
      headers: { 'content-type': contentType, origin: 'https://shop.example.com' },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const storedRows = async () =>
    (
      await sql<{ count: string }>`select count(*) as count from visitor_identities`.execute(
        t.current.services.db,
      )
    ).rows[0]!.count;

  it('keeps the first visitor id an identity was linked to and answers it to every device', async () => {
    const identity = hashOf(slug, 'user-42');
    const first = await identify(slug, { identity, visitorId: 'laptop-visitor' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['access-control-allow-origin']).toBe('*');
    expect(first.json()).toEqual({ visitorId: 'laptop-visitor' });
    // The laptop again: unchanged. The phone: told the laptop's id, whatever it sent.
    expect((await identify(slug, { identity, visitorId: 'laptop-visitor' })).json()).toEqual({
      visitorId: 'laptop-visitor',
    });
    const phone = await identify(
      slug,
      { identity, visitorId: 'phone-visitor' },
      'application/json',
    );
    expect(phone.json()).toEqual({ visitorId: 'laptop-visitor' });
  });

  it('keeps one identity per team: the same person on another team is a stranger there', async () => {
    const identity = hashOf(slug, 'user-7');
    await identify(slug, { identity, visitorId: 'first-team-visitor' });
    const elsewhere = await identify(otherSlug, { identity, visitorId: 'second-team-visitor' });
    expect(elsewhere.json()).toEqual({ visitorId: 'second-team-visitor' });
    // And the teams' salts differ: the page's hash of one id is not the same on two teams.
    expect(hashOf(slug, 'user-7')).not.toBe(hashOf(otherSlug, 'user-7'));
  });

  it('answers one visitor id to devices identifying at the same moment', async () => {
    const identity = hashOf(slug, 'user-race');
    const answers = await Promise.all(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((device) =>
        identify(slug, { identity, visitorId: `device-${device}` }),
      ),
    );
    const kept = new Set(answers.map((answer) => answer.json<{ visitorId: string }>().visitorId));
    expect(kept.size).toBe(1);
  });

  it('refuses what is not a hash or a visitor id, an unknown team and a body that is not JSON, storing nothing', async () => {
    const before = await storedRows();
    expectFieldError(
      await identify(slug, { identity: 'user-42@example.com', visitorId: 'v1' }),
      'identity',
      IDENTITY_MESSAGES.identity,
    );
    // A raw id is refused even when it happens to look like hex: upper case is not our hash.
    expectFieldError(
      await identify(slug, { identity: 'A'.repeat(64), visitorId: 'v1' }),
      'identity',
      IDENTITY_MESSAGES.identity,
    );
    const badVisitor = await identify(slug, {
      identity: hashOf(slug, 'user-9'),
      visitorId: 'no spaces',
    });
    expect(badVisitor.statusCode).toBe(400);
    expect(Object.keys(errorOf(badVisitor).fields ?? {})).toEqual(['visitorId']);
    const extra = await identify(slug, {
      identity: hashOf(slug, 'user-9'),
      visitorId: 'v1',
      userId: 'user-9',
    });
    expect(extra.statusCode).toBe(400);
    const notJson = await identify(slug, 'identity=abc');
    expect(notJson.statusCode).toBe(400);
    expect(errorOf(notJson).message).toBe(IDENTITY_MESSAGES.notJson);
    const large = await identify(slug, {
      identity: hashOf(slug, 'u'),
      visitorId: 'v'.repeat(2000),
    });
    expect(large.statusCode).toBe(413);
    const unknown = await identify('no-such-team', { identity: hashOf('x', 'y'), visitorId: 'v' });
    expect(unknown.statusCode).toBe(404);
    expect(await storedRows()).toBe(before);
  });

  it('serves identify.js to any page, cached like the tracker files', async () => {
    const response = await t.current.app.inject({
      method: 'GET',
      url: `/api/tracker/${slug}/identify.js`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toContain('stale-while-revalidate=600');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    // It posts the hash, never the raw id: the hash function and the salt's prefix are in.
    expect(response.body).toContain('kindlingParts');
    expect(response.body).toContain('kindling:');
    const preflight = await t.current.app.inject({
      method: 'OPTIONS',
      url: `/api/tracker/${slug}/identify`,
      headers: { origin: 'https://shop.example.com', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
  });
});
