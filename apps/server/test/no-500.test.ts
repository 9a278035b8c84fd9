import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, expect, it } from 'vitest';
import { describeEachDatabase } from './databases';
import { bearer, createTeam, signUp, useTestApp, type Account } from './test-app';
import { snapshotState } from './table-snapshot';

// Every route, arbitrary input: unicode of every kind, NUL, lone surrogates, huge and deeply
// nested values. Whatever comes in, the answer is never a 5xx; a 4xx has the JSON error shape
// and changes no row of any table and no stored file (table-snapshot.ts).

/** Routes that fetch other sites (their outbound guard has its own tests) and the socket. */
const SKIPPED = new Set(['GET /api/preview/page', 'GET /api/team/:team/campaign/is-image']);
const RUNS = 12;

const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    'a\u0000b',
    '\uD800',
    'x\uDC00y',
    '\u200B',
    ' ',
    'javascript:alert(1)',
    '"x\\" onerror="',
  ),
  fc.constant('x'.repeat(300_000)),
);
const nested = (depth: number): unknown => (depth === 0 ? 'deep' : { a: [nested(depth - 1)] });
const body = fc.oneof(
  fc.anything({ maxDepth: 3, stringUnit: 'binary' }),
  fc.dictionary(
    fc.constantFrom(
      'name',
      'id',
      'url',
      'email',
      'password',
      'elements',
      'variants',
      'goals',
      'realName',
      'flag',
      'campaignId',
      'elementId',
      'token',
    ),
    fc.oneof(text, fc.integer(), fc.double(), fc.array(text, { maxLength: 3 })),
  ),
  fc.constant(nested(300)),
);
/** Query strings as a browser or a script could send them, invalid UTF-8 included. */
/** Percent-encoded; a lone surrogate has no UTF-8 form, so it goes as the bytes a lax client sends. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '')) + '%ED%A0%80';
  }
}
const queryValue = fc.oneof(
  text.map(encode),
  fc.constantFrom('%00', '%ED%A0%80', '%FF', '99999999999', '-1', '1.5', 'true'),
);
const query = fc.dictionary(
  fc.constantFrom(
    'id',
    'url',
    'team',
    'isEnabled',
    'password',
    'username',
    'userId',
    'page',
    'token',
  ),
  queryValue,
  { maxKeys: 3 },
);

describeEachDatabase('no input answers 500', (kind) => {
  // Stored files are compared too; they go to a folder of this suite's own.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kindling-no-500-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const t = useTestApp(kind, {
    JOB_WORKER: false,
    AUTH_RATE_LIMIT_PER_MINUTE: 100_000,
    DATA_DIR: dataDir,
  });
  const state = () => snapshotState({ db: t.current.services.db, dataDir });
  const tried = { routes: 0, inputs: 0, fiveHundreds: 0 };
  afterAll(() => {
    console.log(
      `[${kind}] fuzzed ${tried.routes} routes with ${tried.inputs} inputs: ${tried.fiveHundreds} answers of 500 or more`,
    );
  });

  it('answers every route with a 4xx in the error shape (or a success), never a 5xx', async () => {
    const owner: Account = await signUp(t.current.app, 'Fuzz Owner');
    const slug = await createTeam(t.current.app, owner, 'Fuzz Team');
    const routes = t.current.routes.filter(
      (route) => !SKIPPED.has(`${route.method} ${route.url}`) && !route.url.includes('*'),
    );
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      tried.routes += 1;
      await fc.assert(
        fc.asyncProperty(body, query, text, async (payload, params, segment) => {
          tried.inputs += 1;
          const path = route.url
            .replace(':team', slug)
            .replace(/:[a-z]+/gi, () => encode(segment.slice(0, 50)) || 'x');
          const search = Object.entries(params)
            .map(([key, value]) => `${key}=${value}`)
            .join('&');
          const before = await state();
          const response = await t.current.app.inject({
            method: route.method as 'POST',
            url: search ? `${path}?${search}` : path,
            headers: bearer(owner),
            ...(route.method === 'GET' || route.method === 'DELETE'
              ? {}
              : {
                  payload: JSON.stringify(payload) ?? 'null',
                  headers: { ...bearer(owner), 'content-type': 'application/json' },
                }),
          });
          if (response.statusCode >= 500) tried.fiveHundreds += 1;
          expect({
            route: `${route.method} ${route.url}`,
            status: response.statusCode,
            body: response.body.slice(0, 300),
          }).toMatchObject({ status: expect.any(Number) as unknown });
          expect(
            response.statusCode,
            `${route.method} ${route.url} -> ${response.body.slice(0, 300)}`,
          ).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expect(response.json()).toEqual({
              error: expect.objectContaining({
                code: expect.any(String),
                message: expect.any(String),
              }) as unknown,
            });
            expect(await state(), `${route.method} ${route.url}`).toEqual(before);
          }
        }),
        { numRuns: RUNS },
      );
    }
  }, 600_000);
});
