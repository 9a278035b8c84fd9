import { URL_CONTEXT_LIMITS, URL_CONTEXT_MESSAGES, type UrlContextView } from '@kindling/domain';
import { beforeAll, expect, it } from 'vitest';
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

const CONTEXT = {
  offer: 'Hand-made brass desk lamps',
  audience: 'Home-office workers who care about light',
  voice: 'Warm and plain, no hype',
  avoidWords: ['cheap', 'best ever'],
};
const CONTEXT_SAVED = { ...CONTEXT, avoidWords: ['cheap'] };

describeEachDatabase('the remembered context of a page', (kind) => {
  const t = useTestApp(kind, { JOB_WORKER: false });
  let owner: Account;
  let member: Account;
  let slug: string;

  const byUrl = (account: Account, url: string, team = slug) =>
    t.current.app.inject({
      method: 'GET',
      url: `/api/team/${team}/url-context/by-url?${new URLSearchParams({ url }).toString()}`,
      headers: bearer(account),
    });
  const save = (account: Account, payload: object, team = slug) =>
    t.current.app.inject({
      method: 'POST',
      url: `/api/team/${team}/url-context/save`,
      headers: bearer(account),
      payload,
    });
  const rows = () => t.current.services.db.selectFrom('urlContexts').selectAll().execute();

  beforeAll(async () => {
    owner = await signUp(t.current.app, 'Olive Owner');
    member = await signUp(t.current.app, 'Mina Member');
    slug = await createTeam(t.current.app, owner, 'Lamp Team');
    await addMember(t.current.app, { owner, slug, member });
  });

  it('has none for a new page, keyed by the normalised URL', async () => {
    const response = await byUrl(member, '  Lamps.Example.com  ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      url: 'https://lamps.example.com/',
      context: null,
      updatedAt: null,
      updatedBy: null,
    });
  });

  it('saves a context (trimmed, repeats dropped) and finds it under every spelling of the page', async () => {
    const saved = await save(member, {
      url: 'lamps.example.com/desk?colour=brass#reviews',
      context: { ...CONTEXT, offer: `  ${CONTEXT.offer} `, avoidWords: [' cheap', 'Cheap', ''] },
    });
    expect(saved.statusCode).toBe(200);
    const view = saved.json<UrlContextView>();
    expect(view).toMatchObject({
      url: 'https://lamps.example.com/desk?colour=brass',
      context: CONTEXT_SAVED,
      updatedBy: 'Mina Member',
    });
    for (const spelling of [
      'https://lamps.example.com/desk?colour=brass',
      'HTTPS://LAMPS.EXAMPLE.COM/desk?colour=brass#top',
      ' lamps.example.com/desk?colour=brass ',
    ]) {
      expect((await byUrl(owner, spelling)).json()).toEqual(view);
    }
    // The path and the query choose the page.
    expect((await byUrl(owner, 'lamps.example.com/Desk?colour=brass')).json()).toMatchObject({
      context: null,
    });
    expect((await byUrl(owner, 'lamps.example.com/desk')).json()).toMatchObject({
      context: null,
    });
  });

  it('a later save replaces it; an empty one forgets it', async () => {
    const url = 'https://lamps.example.com/';
    await save(owner, { url, context: CONTEXT });
    const changed = await save(member, { url, context: { offer: 'Floor lamps' } });
    expect(changed.json()).toMatchObject({
      context: { offer: 'Floor lamps', audience: '', voice: '', avoidWords: [] },
      updatedBy: 'Mina Member',
    });
    const forgotten = await save(owner, {
      url,
      context: { offer: '  ', audience: '\u200b', avoidWords: [' '] },
    });
    expect(forgotten.json()).toEqual({ url, context: null, updatedAt: null, updatedBy: null });
    expect((await rows()).map((row) => row.url)).toEqual([
      'https://lamps.example.com/desk?colour=brass',
    ]);
  });

  it('refuses bad input with clear messages and writes nothing', async () => {
    const before = JSON.stringify(await rows());
    const cases: [object, string][] = [
      [{ context: CONTEXT }, URL_CONTEXT_MESSAGES.urlRequired],
      [{ url: '   ', context: CONTEXT }, URL_CONTEXT_MESSAGES.urlRequired],
      [{ url: 'not a page', context: CONTEXT }, URL_CONTEXT_MESSAGES.urlInvalid],
      [{ url: 'http://localhost/x', context: CONTEXT }, URL_CONTEXT_MESSAGES.urlInvalid],
      [
        { url: 'lamps.example.com', context: { offer: 'o'.repeat(URL_CONTEXT_LIMITS.offer + 1) } },
        URL_CONTEXT_MESSAGES.offerTooLong,
      ],
      [
        { url: 'lamps.example.com', context: { voice: 'v'.repeat(URL_CONTEXT_LIMITS.voice + 1) } },
        URL_CONTEXT_MESSAGES.voiceTooLong,
      ],
      [
        { url: 'lamps.example.com', context: { avoidWords: Array.from({ length: 21 }, String) } },
        URL_CONTEXT_MESSAGES.tooManyWords,
      ],
      [
        { url: 'lamps.example.com', context: { avoidWords: ['w'.repeat(41)] } },
        URL_CONTEXT_MESSAGES.wordTooLong,
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await save(owner, payload);
      expect({ payload, status: response.statusCode }).toEqual({ payload, status: 400 });
      expect(errorOf(response).message).toBe(message);
    }
    const badQuery = await byUrl(owner, 'ftp://lamps.example.com');
    expect(badQuery.statusCode).toBe(400);
    expect(errorOf(badQuery).message).toBe(URL_CONTEXT_MESSAGES.urlInvalid);
    expect(JSON.stringify(await rows())).toBe(before);
  });

  it('keeps each team’s contexts apart: another team’s member gets 404', async () => {
    const stranger = await signUp(t.current.app, 'Stranger');
    const theirs = await createTeam(t.current.app, stranger, 'Stranger Team');
    const url = 'lamps.example.com/desk?colour=brass';
    expect((await byUrl(stranger, url)).statusCode).toBe(404);
    expect((await save(stranger, { url, context: { offer: 'Mine' } })).statusCode).toBe(404);
    expect((await byUrl(stranger, url, theirs)).json()).toMatchObject({ context: null });
    expect((await byUrl(owner, url)).json()).toMatchObject({ context: CONTEXT_SAVED });
  });
});
