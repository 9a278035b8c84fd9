import { expect, it } from 'vitest';
import { describeEachDatabase } from './databases';
import { useTestApp } from './test-app';

const HIDDEN = new Set(['/api/openapi.json', '/api/health']);

describeEachDatabase('GET /api/openapi.json', (kind) => {
  const t = useTestApp(kind);

  it('documents every API route with its method', async () => {
    const response = await t.current.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(document.openapi).toMatch(/^3\./);
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\/$/, '')}`),
    );
    const registered = t.current.routes
      // Published burner pages (/p/...) are part of the public API too.
      .filter((route) => /^\/(api|p)\//.test(route.url) && !HIDDEN.has(route.url))
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}').replace(/\/$/, '')}`);
    expect(registered.length).toBeGreaterThan(20);
    expect(documented.sort()).toEqual([...new Set(registered)].sort());
  });

  it('describes request bodies from the zod schemas', async () => {
    const document = (
      await t.current.app.inject({ method: 'GET', url: '/api/openapi.json' })
    ).json();
    const register = document.paths['/api/user/register'].post;
    expect(
      Object.keys(register.requestBody.content['application/json'].schema.properties).sort(),
    ).toEqual(['email', 'password', 'realName']);
  });

  it('describes every burner page body, the page form post included', async () => {
    const { paths } = (
      await t.current.app.inject({ method: 'GET', url: '/api/openapi.json' })
    ).json();
    const properties = (body: { content: Record<string, { schema: { properties: object } }> }) =>
      Object.fromEntries(
        Object.entries(body.content).map(([type, { schema }]) => [
          type,
          Object.keys(schema.properties).sort(),
        ]),
      );
    const page = ['content', 'indexable', 'slug', 'templateId'];
    expect(properties(paths['/api/team/{team}/pages'].post.requestBody)).toEqual({
      'application/json': page,
    });
    expect(properties(paths['/api/team/{team}/pages/{id}'].put.requestBody)).toEqual({
      'application/json': page,
    });
    const content =
      paths['/api/team/{team}/pages'].post.requestBody.content['application/json'].schema.properties
        .content;
    expect(Object.keys(content.properties).sort()).toEqual([
      'consent',
      'cta',
      'euAudience',
      'features',
      'headline',
      'imageUrl',
      'logoUrl',
      'price',
      'privacyUrl',
      'showBadge',
      'subheadline',
    ]);
    expect(properties(paths['/p/{team}/{slug}/signup'].post.requestBody)).toEqual({
      'application/json': ['email', 'website'],
      'application/x-www-form-urlencoded': ['email', 'website'],
    });
    expect(Object.keys(paths['/api/team/{team}/pages'].post.responses)).toEqual(['201']);
    expect(Object.keys(paths['/p/{team}/{slug}/signup'].post.responses)).toEqual(['201']);
  });
});

describeEachDatabase('the Web Vitals in the OpenAPI document', (kind) => {
  const t = useTestApp(kind);

  it('describes the vitals collect event, vitals.js and the sampling setting', async () => {
    const { paths } = (
      await t.current.app.inject({ method: 'GET', url: '/api/openapi.json' })
    ).json<{ paths: Record<string, Record<string, OpenApiOperation>> }>();
    const batch = paths['/api/collect']!.post!.requestBody!.content['application/json']!.schema;
    const events = batch.properties!.events!.items!;
    const variants = [...(events.oneOf ?? []), ...(events.anyOf ?? [])];
    const vitals = variants.find((variant) => {
      const type = variant.properties?.type;
      return type?.const === 'vitals' || type?.enum?.includes('vitals');
    });
    expect(Object.keys(vitals?.properties ?? {})).toEqual(
      expect.arrayContaining(['exposureId', 'lcp', 'cls', 'inp', 'visitorId', 'campaignId']),
    );
    expect(vitals?.properties?.lcp).toMatchObject({ minimum: 0, maximum: 60_000 });
    expect(vitals?.properties?.cls).toMatchObject({ minimum: 0, maximum: 100 });
    expect(vitals?.required).toEqual(expect.arrayContaining(['exposureId', 'type']));
    expect(paths['/api/tracker/{team}/vitals.js']?.get).toBeDefined();
    const put = paths['/api/team/{team}/campaign/vitals']!.put!;
    expect(
      Object.keys(put.requestBody!.content['application/json']!.schema.properties!).sort(),
    ).toEqual(['campaignId', 'guardrails', 'sampling']);
    expect(paths['/api/team/{team}/campaign/vitals']!.get).toBeDefined();
  });
});

interface OpenApiSchema {
  properties?: Record<string, OpenApiSchema>;
  items?: OpenApiSchema;
  oneOf?: OpenApiSchema[];
  anyOf?: OpenApiSchema[];
  const?: unknown;
  enum?: unknown[];
  required?: string[];
  minimum?: number;
  maximum?: number;
}

interface OpenApiOperation {
  requestBody?: { content: Record<string, { schema: OpenApiSchema }> };
}
