import fc from 'fast-check';
import { afterAll, expect, it } from 'vitest';
import { describeEachDatabase } from './databases';
import { arbitraryFor, type JsonSchema } from './schema-arbitrary';
import { PASSWORD, createTeam, signUp, useTestApp } from './test-app';

// no-500.test.ts throws shapeless input at every route; this one reads each route's own
// request schema from the OpenAPI document and sends mostly valid bodies and query strings
// built from it, so the handlers behind validation run too. No input may answer 5xx.

/** Routes that fetch other sites by real DNS (their guard has its own tests). */
const SKIPPED = new Set(['GET /api/preview/page', 'GET /api/team/{team}/campaign/is-image']);
const RUNS = 6;

interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const queryText = (value: unknown) =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '');

describeEachDatabase('schema-shaped input never answers 500', (kind) => {
  const t = useTestApp(kind, { JOB_WORKER: false, AUTH_RATE_LIMIT_PER_MINUTE: 100_000 });
  const tried = { routes: 0, inputs: 0, successes: 0 };
  /** Routes that answered a success at least once. */
  const accepting = new Set<string>();
  afterAll(() => {
    console.log(
      `[${kind}] schema fuzz: ${tried.routes} routes, ${tried.inputs} inputs, ${tried.successes} accepted, on ${accepting.size} routes`,
    );
  });

  it('answers every schema-shaped body and query with a success or a 4xx error, never a 5xx', async () => {
    const owner = await signUp(t.current.app, 'Schema Fuzz Owner');
    const slug = await createTeam(t.current.app, owner, 'Schema Fuzz Team');
    const document = (
      await t.current.app.inject({ method: 'GET', url: '/api/openapi.json' })
    ).json<OpenApi>();
    const resolveRef = (ref: string) => document.components?.schemas?.[ref.split('/').pop()!] ?? {};
    const operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({
        path,
        method: method.toUpperCase(),
        operation,
      })),
    );
    const schemaDriven = operations.filter(
      ({ path, method, operation }) =>
        !SKIPPED.has(`${method} ${path}`) &&
        (operation.requestBody?.content['application/json'] ||
          operation.parameters?.some((parameter) => parameter.in === 'query')),
    );
    expect(schemaDriven.length).toBeGreaterThan(40);

    for (const { path, method, operation } of schemaDriven) {
      tried.routes += 1;
      // A session of its own per route: a generated sign-out must not blind the routes after it.
      const session = await t.current.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: owner.email, password: PASSWORD },
      });
      const token = session.json<{ accessToken?: string }>().accessToken ?? owner.token;
      const query = fc.record(
        Object.fromEntries(
          (operation.parameters ?? [])
            .filter((parameter) => parameter.in === 'query')
            .map((parameter) => [parameter.name, arbitraryFor(parameter.schema, resolveRef)]),
        ),
        { requiredKeys: [] },
      );
      const bodySchema = operation.requestBody?.content['application/json']?.schema;
      const body = bodySchema ? arbitraryFor(bodySchema, resolveRef) : fc.constant(undefined);
      const id = fc.oneof(fc.nat(50).map(String), fc.string({ maxLength: 12 }));
      await fc.assert(
        fc.asyncProperty(query, body, id, async (params, payload, pathId) => {
          tried.inputs += 1;
          const url = path
            .replace('{team}', slug)
            .replace(/\{\w+\}/g, () => encodeURIComponent(pathId) || '1');
          const search = new URLSearchParams(
            Object.entries(params).map(([key, value]): [string, string] => [key, queryText(value)]),
          ).toString();
          const response = await t.current.app.inject({
            method: method as 'POST',
            url: search ? `${url}?${search}` : url,
            headers: {
              authorization: `Bearer ${token}`,
              ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(payload === undefined ? {} : { payload: JSON.stringify(payload) ?? 'null' }),
          });
          const label = `${method} ${path} ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, label).toBeLessThan(500);
          if (response.statusCode < 400) {
            tried.successes += 1;
            accepting.add(`${method} ${path}`);
          } else if (String(response.headers['content-type']).includes('application/json')) {
            expect(response.json(), label).toEqual({
              error: expect.objectContaining({ code: expect.any(String) }) as unknown,
            });
          }
        }),
        { numRuns: RUNS },
      );
    }
    // Positive control: shaped input gets past validation, so the handlers themselves ran. On a
    // share of the routes, not a count of answers: random ids rarely name a row, so most routes
    // only ever answer 404 or 409, and each new one of those lowered a count's margin (about a
    // quarter of the 74 routes accept; a fuzzer stuck at validation would have none).
    expect(accepting.size).toBeGreaterThan(tried.routes / 5);
  }, 600_000);
});
