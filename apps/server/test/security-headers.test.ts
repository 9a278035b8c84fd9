import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app';
import { testConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/database';
import { openMigratedPglite } from './migrated-pglite';
import { screenshotStore } from '../src/modules/screenshots/screenshot-files';
import { uploadStore } from '../src/modules/campaigns/uploaded-files';
import { bearer, createTeam, signUp } from './test-app';

const UPLOAD = '0b0e4a8e-5d1c-4c6a-9f43-0d6f2e8f1a11.png';
const SHOT = '7c9e6679-7425-40de-944b-e07fc1f90ae7-large.webp';
const PNG_BYTES = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe('security headers, stored files and body limits', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kindling-headers-'));
  const dist = path.join(dir, 'dist');
  let built: BuiltApp;
  let database: DatabaseHandle;

  beforeAll(async () => {
    mkdirSync(dist);
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    const dataDir = path.join(dir, 'data');
    database = await openMigratedPglite();
    built = await buildApp({
      config: testConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, JOB_WORKER: false }),
      db: database.db,
      webDist: dist,
    });
    await uploadStore(dataDir).write([{ name: UPLOAD, data: PNG_BYTES }]);
    await screenshotStore(dataDir).write([{ name: SHOT, data: PNG_BYTES }]);
  });
  afterAll(async () => {
    await built.app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const csp = (headers: Record<string, unknown>) => String(headers['content-security-policy']);

  it.each(['/', '/admin/acme/campaigns', '/api/health', '/api/nope'])(
    'answers %s with a strict policy: scripts from self only, not framable, no sniffing',
    async (url) => {
      const { headers } = await built.app.inject({ url });
      expect(csp(headers)).toContain("script-src 'self'");
      expect(csp(headers)).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval|\*)/);
      expect(csp(headers)).toContain("frame-ancestors 'none'");
      expect(csp(headers)).toContain("object-src 'none'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    },
  );

  it('keeps the preview page its own sandbox policy, framable by the editor', async () => {
    const response = await built.app.inject({ url: '/api/preview/page?url=example.com' });
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(csp(response.headers)).toBe('sandbox allow-scripts allow-forms');
    expect(response.headers['x-frame-options']).toBeUndefined();
  });

  it.each([
    ['an uploaded image', `/api/files/uploads/${UPLOAD}`, 'image/png'],
    ['a screenshot', `/api/files/screenshots/${SHOT}`, 'image/webp'],
  ])(
    'serves %s with its stored type, nosniff and a policy that runs nothing',
    async (_l, url, type) => {
      const response = await built.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(type);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(csp(response.headers)).toBe("default-src 'none'; sandbox");
      expect(response.rawPayload.equals(PNG_BYTES)).toBe(true);
    },
  );

  it.each([
    '/api/files/uploads/',
    '/api/files/uploads/..%2F..%2Fkindling.lock',
    `/api/files/uploads/.${UPLOAD}`,
    `/api/files/uploads/${UPLOAD.replace('.png', '.html')}`,
    `/api/files/screenshots/${UPLOAD}`,
    '/api/files/screenshots/%2e%2e%2fpglite%2fPG_VERSION',
  ])('refuses %s: no listing, traversal, hidden or foreign name', async (url) => {
    const response = await built.app.inject({ url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  const tenMegabytes = JSON.stringify({ name: 'x'.repeat(10 * 1024 * 1024) });

  // Routes read before any membership check (and unknown paths) take 16 KB; team routes, whose
  // membership is checked before the body is read, 5 MB.
  it.each([
    ['/api/teams', '16 KB'],
    ['/api/no-such-route', '16 KB'],
    ['/api/team/acme/campaign/create', '5 MB'],
  ])('answers an oversized body to %s with 413 in the JSON error shape', async (url, limit) => {
    const response = await built.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: tenMegabytes,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: `The request body is larger than ${limit}.` },
    });
    // The rest of the body is not read to keep the connection.
    expect(response.headers.connection).toBe('close');
  });

  it('cuts an oversized body sent without a length at the parser, with the same answer', async () => {
    const owner = await signUp(built.app);
    const slug = await createTeam(built.app, owner);
    const response = await built.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/campaign/create`,
      headers: {
        ...bearer(owner),
        'content-type': 'application/json',
        'transfer-encoding': 'chunked',
      },
      payload: tenMegabytes,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
    expect(response.headers.connection).toBe('close');
    // Positive control: a body within the limit reaches validation.
    const small = await built.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/campaign/create`,
      headers: bearer(owner),
      payload: { name: '' },
    });
    expect(small.statusCode).toBe(400);
  });
});

describe('the policy with card payments on', () => {
  it('lets the billing screen load Stripe.js from STRIPE_JS_URL, and nothing of Stripe without keys', async () => {
    const database = await openMigratedPglite();
    const policies: string[] = [];
    for (const payments of [true, false]) {
      const built = await buildApp({
        config: testConfig({
          JOB_WORKER: false,
          ...(payments
            ? {
                STRIPE_SECRET_KEY: 'sk_test_csp',
                STRIPE_PUBLISHABLE_KEY: 'pk_test_csp',
                STRIPE_WEBHOOK_SECRET: 'whsec_csp',
                STRIPE_JS_URL: 'https://stripe-proxy.example.com/v3/',
              }
            : {}),
        }),
        db: database.db,
      });
      const { headers } = await built.app.inject({ url: '/api/health' });
      policies.push(String(headers['content-security-policy']));
      await built.app.close();
    }
    await database.close();
    const [on, off] = policies;
    expect(on).toMatch(/script-src 'self' https:\/\/stripe-proxy\.example\.com;/);
    expect(on).toMatch(/frame-src [^;]*https:\/\/stripe-proxy\.example\.com/);
    expect(on).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
    expect(off).toContain("script-src 'self';");
    expect(off).not.toContain('stripe');
  });
});
