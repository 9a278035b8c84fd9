import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app';
import { testConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/database';
import { openMigratedPglite } from './migrated-pglite';

const INDEX = '<!doctype html><title>Kindling</title><div id="root"></div>';

describe('serving the built web app in production', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'kindling-dist-'));
  let built: BuiltApp;
  let database: DatabaseHandle;

  beforeAll(async () => {
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    database = await openMigratedPglite();
    built = await buildApp({
      config: testConfig({ NODE_ENV: 'production' }),
      db: database.db,
      webDist: dist,
    });
  });
  afterAll(async () => {
    await built.app.close();
    await database.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string) => built.app.inject({ method: 'GET', url });

  it.each(['/', '/admin', '/admin/acme/settings/team', '/admin/auth/sign-in?next=%2Fadmin'])(
    'answers %s with index.html, not cached',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX);
    },
  );

  it('serves hashed assets with a long cache life', async () => {
    const response = await get('/assets/app-1234.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps a missing asset and an unknown API path a JSON 404', async () => {
    for (const url of ['/assets/gone-9999.js', '/api/nope']) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });
});
