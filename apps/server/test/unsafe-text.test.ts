import { UNSAFE_TEXT_MESSAGE } from '@kindling/domain';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from './databases';
import {
  bearer,
  createTeam,
  errorOf,
  signUp,
  uniqueEmail,
  useTestApp,
  type Account,
} from './test-app';

// Valid requests with one string made unstorable: NUL (PostgreSQL refuses it) or an unpaired
// surrogate (jsonb refuses it, text columns silently alter it). Each is refused with 400 and the
// same message; the same request without it succeeds (positive control).

const BAD = [
  ['a NUL character', 'Ada\u0000Lovelace'],
  ['an unpaired surrogate', 'Ada\uD800Lovelace'],
] as const;

describeEachDatabase('unstorable text is refused on every write', (kind) => {
  const t = useTestApp(kind, { JOB_WORKER: false, AUTH_RATE_LIMIT_PER_MINUTE: 10_000 });
  let owner: Account;
  let slug: string;

  beforeAll(async () => {
    owner = await signUp(t.current.app);
    slug = await createTeam(t.current.app, owner, 'Text Team');
  });

  const cases = (value: string) => [
    {
      name: 'sign-up',
      method: 'POST',
      url: '/api/user/register',
      auth: false,
      payload: { email: uniqueEmail(), password: 'correct-horse-9', realName: value },
    },
    {
      name: 'sign-in',
      method: 'POST',
      url: '/api/auth/sign-in',
      auth: false,
      payload: { email: `x${value}@example.com`, password: `p${value}` },
    },
    { name: 'team', method: 'POST', url: '/api/teams', auth: true, payload: { name: value } },
    {
      name: 'user save',
      method: 'POST',
      url: '/api/user/save',
      auth: true,
      payload: { realName: value },
    },
    {
      name: 'campaign',
      method: 'POST',
      url: `/api/team/${slug}/campaign/create`,
      auth: true,
      payload: {
        name: 'Text campaign',
        ingestedUrl: 'shop.example.com',
        elements: [
          {
            id: -1,
            selector: 'h1',
            type: 'text',
            key: 'h',
            control: { info: { value: 'Original' } },
            variants: [{ id: -2, key: 'v', type: 'text', info: { value } }],
          },
        ],
      },
    },
    {
      name: 'api key',
      method: 'POST',
      url: `/api/team/${slug}/api-keys/create`,
      auth: true,
      payload: { name: value },
    },
    {
      name: 'username check (query)',
      method: 'GET',
      url: `/api/user/validate-name?username=${encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, ''))}${value.includes('\u0000') ? '' : '%ED%A0%80'}`,
      auth: true,
    },
  ];

  it.each(BAD)(
    'refuses %s in every kind of field with one message, before any handler runs',
    async (_label, value) => {
      for (const request of cases(value)) {
        const response = await t.current.app.inject({
          method: request.method as 'POST',
          url: request.url,
          ...(request.auth ? { headers: bearer(owner) } : {}),
          ...('payload' in request ? { payload: request.payload } : {}),
        });
        if (request.name.endsWith('(query)') && !value.includes('\u0000')) {
          // A lone surrogate cannot travel in a URL: the bytes decode to U+FFFD, which is text.
          expect(response.statusCode).toBe(200);
          continue;
        }
        expect({ name: request.name, status: response.statusCode }).toEqual({
          name: request.name,
          status: 400,
        });
        expect(errorOf(response).message).toBe(UNSAFE_TEXT_MESSAGE);
      }
    },
  );

  it('accepts the same requests with ordinary text (positive control)', async () => {
    for (const request of cases('Ada Lovelace 😀')) {
      const response = await t.current.app.inject({
        method: request.method as 'POST',
        url: request.url,
        ...(request.auth ? { headers: bearer(owner) } : {}),
        ...('payload' in request ? { payload: request.payload } : {}),
      });
      const expected =
        request.name === 'sign-in' ? 401 : request.name.endsWith('(query)') ? 200 : [200, 201];
      expect({ name: request.name, ok: [expected].flat().includes(response.statusCode) }).toEqual({
        name: request.name,
        ok: true,
      });
    }
  });
});
