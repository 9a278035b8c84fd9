import {
  DRAFT_MESSAGES,
  MAX_DRAFT_STATE_BYTES,
  MAX_ROW_ID,
  ROW_ID_MESSAGE,
} from '@kindling/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { funnelCampaign } from '../../../test/campaign-parts';
import { describeEachDatabase } from '../../../test/databases';
import {
  addMember,
  bearer,
  createTeam,
  errorOf,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';

interface Saved {
  id: number;
  revision: number;
  updatedAt: string;
}

const draftBody = (overrides: Record<string, unknown> = {}) => ({
  baseRevision: 0,
  name: '',
  ingestedUrl: 'https://shop.example.com/landing',
  step: 'EditElements',
  thumbnail: null,
  state: { version: 1, elements: [{ id: -1, selector: 'h1' }] },
  ...overrides,
});

describeEachDatabase('campaign drafts', (kind) => {
  const t = useTestApp(kind, { JOB_WORKER: false });
  let owner: Account;
  let member: Account;
  let outsider: Account;
  let slug: string;

  const call = (
    account: Account,
    request: { method: 'GET' | 'POST' | 'DELETE'; path: string; payload?: object; team?: string },
  ) =>
    t.current.app.inject({
      method: request.method,
      url: `/api/team/${request.team ?? slug}${request.path}`,
      headers: bearer(account),
      ...(request.payload ? { payload: request.payload } : {}),
    });

  const save = async (account: Account, body: object) => {
    const response = await call(account, { method: 'POST', path: '/draft/save', payload: body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Saved>();
  };

  beforeAll(async () => {
    owner = await signUp(t.current.app, 'Owner');
    member = await signUp(t.current.app, 'Member');
    outsider = await signUp(t.current.app, 'Outsider');
    slug = await createTeam(t.current.app, owner);
    await createTeam(t.current.app, outsider, 'Other team');
    await addMember(t.current.app, { owner, slug, member });
  });

  it('keeps the wizard state whole and lists the draft with who saved it last', async () => {
    const created = await save(owner, draftBody({ state: { version: 1, nested: { a: [1, 2] } } }));
    // Keys come back as they were sent, however they are written.
    const state = {
      version: 1,
      elements: [{ id: -1, __new__: true }],
      collapsed: { '-1:saved': true },
    };
    expect(created.revision).toBe(1);
    const updated = await save(
      member,
      draftBody({
        id: created.id,
        baseRevision: 1,
        name: ' Spring headline ',
        step: 'EditGoals',
        state,
      }),
    );
    expect(updated).toMatchObject({ id: created.id, revision: 2 });

    const one = await call(owner, { method: 'GET', path: `/draft/by-id?id=${created.id}` });
    expect(one.json()).toMatchObject({
      id: created.id,
      name: 'Spring headline',
      step: 'EditGoals',
      revision: 2,
      updatedBy: member.email,
    });
    expect(one.json<{ state: unknown }>().state).toEqual(state);
    const list = await call(owner, { method: 'GET', path: '/draft/all' });
    expect(list.json<{ drafts: { id: number }[] }>().drafts[0]?.id).toBe(created.id);
  });

  it('refuses a save made from an older revision (another tab) and keeps the newer one', async () => {
    const { id } = await save(owner, draftBody({ name: 'Tab A' }));
    await save(owner, draftBody({ id, baseRevision: 1, name: 'Tab A, later' }));
    const stale = await call(owner, {
      method: 'POST',
      path: '/draft/save',
      payload: draftBody({ id, baseRevision: 1, name: 'Tab B' }),
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toMatchObject({ code: 'CONFLICT', message: DRAFT_MESSAGES.conflict });
    const kept = await call(owner, { method: 'GET', path: `/draft/by-id?id=${id}` });
    expect(kept.json()).toMatchObject({ name: 'Tab A, later', revision: 2 });
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const before = (await call(owner, { method: 'GET', path: '/draft/all' })).json<{
      drafts: unknown[];
    }>().drafts.length;
    const noPage = await call(owner, {
      method: 'POST',
      path: '/draft/save',
      payload: draftBody({ ingestedUrl: '  ' }),
    });
    expect(noPage.statusCode).toBe(400);
    expect(errorOf(noPage).message).toBe(DRAFT_MESSAGES.noPage);
    const huge = await call(owner, {
      method: 'POST',
      path: '/draft/save',
      payload: draftBody({ state: { text: 'x'.repeat(MAX_DRAFT_STATE_BYTES) } }),
    });
    expect([400, 413]).toContain(huge.statusCode);
    const after = (await call(owner, { method: 'GET', path: '/draft/all' })).json<{
      drafts: unknown[];
    }>().drafts.length;
    expect(after).toBe(before);
  });

  it('refuses an id or a revision past the database integer with its message, and keeps the draft', async () => {
    const { id } = await save(owner, draftBody({ name: 'Kept' }));
    const refusals: [object, string][] = [
      [{ id, baseRevision: MAX_ROW_ID + 1 }, DRAFT_MESSAGES.revision],
      [{ id, baseRevision: -1 }, DRAFT_MESSAGES.revision],
      [{ id: MAX_ROW_ID + 1, baseRevision: 1 }, ROW_ID_MESSAGE],
    ];
    for (const [overrides, message] of refusals) {
      const refused = await call(owner, {
        method: 'POST',
        path: '/draft/save',
        payload: draftBody({ ...overrides, name: 'Overwritten' }),
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(errorOf(refused).message).toContain(message);
    }
    const kept = await call(owner, { method: 'GET', path: `/draft/by-id?id=${id}` });
    expect(kept.json()).toMatchObject({ name: 'Kept', revision: 1 });
  });

  it('answers 404 to another team for reads, saves and deletes, and leaves the draft alone', async () => {
    const { id } = await save(owner, draftBody({ name: 'Private' }));
    const otherSlug = await createTeam(t.current.app, outsider, 'Outsider team');
    for (const request of [
      { method: 'GET' as const, path: `/draft/by-id?id=${id}` },
      { method: 'POST' as const, path: '/draft/save', payload: draftBody({ id, baseRevision: 1 }) },
      { method: 'DELETE' as const, path: `/draft/delete?id=${id}` },
    ]) {
      const response = await call(outsider, { ...request, team: otherSlug });
      expect(response.statusCode, request.path).toBe(404);
    }
    const own = await call(owner, { method: 'GET', path: `/draft/by-id?id=${id}` });
    expect(own.json()).toMatchObject({ name: 'Private', revision: 1 });
  });

  it('discards a draft, and a second discard is 404', async () => {
    const { id } = await save(owner, draftBody());
    const first = await call(owner, { method: 'DELETE', path: `/draft/delete?id=${id}` });
    expect(first.statusCode).toBe(204);
    const again = await call(owner, { method: 'DELETE', path: `/draft/delete?id=${id}` });
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).message).toBe(DRAFT_MESSAGES.notFound);
  });

  describe('turned into a campaign', () => {
    it('is gone once the campaign is created from it, in the same request', async () => {
      const { id } = await save(owner, draftBody({ name: 'Becomes a campaign' }));
      const created = await call(owner, {
        method: 'POST',
        path: '/campaign/create',
        payload: { ...funnelCampaign('From a draft'), draftId: id },
      });
      expect(created.statusCode, created.body).toBe(201);
      const gone = await call(owner, { method: 'GET', path: `/draft/by-id?id=${id}` });
      expect(gone.statusCode).toBe(404);
    });

    it('keeps the draft when the campaign is refused', async () => {
      const { id } = await save(owner, draftBody({ name: 'Still a draft' }));
      const refused = await call(owner, {
        method: 'POST',
        path: '/campaign/create',
        payload: { ...funnelCampaign(''), draftId: id },
      });
      expect(refused.statusCode).toBe(400);
      const kept = await call(owner, { method: 'GET', path: `/draft/by-id?id=${id}` });
      expect(kept.statusCode).toBe(200);
    });
  });

  it('is never in the tracker config', async () => {
    const ingestedUrl = 'https://drafts-only.example/never';
    await save(owner, draftBody({ name: 'Not served', ingestedUrl }));
    const served = await call(owner, {
      method: 'POST',
      path: '/campaign/create',
      payload: { ...funnelCampaign('Served'), isEnabled: true },
    });
    expect(served.statusCode, served.body).toBe(201);
    const url = `/api/tracker/${slug}/config.json`;
    const config = await t.current.app.inject({ method: 'GET', url });
    expect(config.statusCode).toBe(200);
    // The positive control: a campaign is served.
    expect(config.body).toContain('shop.example.com');
    expect(config.body).not.toContain('drafts-only.example');
  });
});
