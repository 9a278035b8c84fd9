import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTeam, signUp, useTestApp, type Account } from '../../../test/test-app';
import { followJob } from '../../../test/job-helpers';
import {
  FIXTURE_HOST,
  BLOCK_RGB,
  pixelAt,
  startFixtureServer,
} from '../../../test/screenshot-fixture-server';
import { TIMEOUT_MESSAGE } from './capture-page';

const dataDir = mkdtempSync(path.join(tmpdir(), 'kindling-shots-'));

describe('screenshot job [pglite]', () => {
  const t = useTestApp('pglite', {
    DATA_DIR: dataDir,
    PREVIEW_ALLOW_HOSTS: [FIXTURE_HOST],
    SCREENSHOT_TIMEOUT_MS: 4000,
    JOB_POLL_MS: 50,
  });
  let fixtures: Awaited<ReturnType<typeof startFixtureServer>>;
  let owner: Account;
  let slug: string;

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    owner = await signUp(t.current.app);
    slug = await createTeam(t.current.app, owner);
  });
  afterAll(async () => {
    await fixtures.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (url: string) => t.current.app.inject({ method: 'GET', url, headers: bearer(owner) });
  const requestShot = (url: string) =>
    get(`/api/team/${slug}/campaign/screenshot?url=${encodeURIComponent(url)}`);
  const jobCount = async () =>
    (await t.current.services.db.selectFrom('jobs').select('id').execute()).length;

  it('queues a shot, publishes the result and serves both thumbnails', async () => {
    const response = await requestShot(fixtures.url('/block'));
    expect(response.statusCode).toBe(200);
    const { jobId, thumbnailSmall, thumbnailLarge } = response.json<Record<string, string>>();
    expect(thumbnailSmall).toBe(`/api/files/screenshots/${jobId}-small.png`);
    expect(thumbnailLarge).toBe(`/api/files/screenshots/${jobId}-large.webp`);
    // The in-process worker may already be on it, so a late follower reads the table too.
    const follower = await followJob(t.current.services.bus, jobId!);
    const job = await get(`/api/team/${slug}/jobs/by-id?id=${jobId}`);
    expect(job.json()).toMatchObject({ id: jobId, type: 'screenshot' });
    if (job.json<{ status: string }>().status !== 'succeeded') {
      expect(await follower.outcome).toEqual({
        type: 'result',
        data: { thumbnailSmall, thumbnailLarge },
      });
    }
    expect((await get(`/api/team/${slug}/jobs/by-id?id=${jobId}`)).json()).toEqual({
      id: jobId,
      type: 'screenshot',
      status: 'succeeded',
      result: { thumbnailSmall, thumbnailLarge },
      error: null,
    });

    const small = await t.current.app.inject({ method: 'GET', url: thumbnailSmall! });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/png');
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({
      format: 'png',
      width: 320,
      height: 200,
    });
    const large = await t.current.app.inject({ method: 'GET', url: thumbnailLarge! });
    expect(large.headers['content-type']).toBe('image/webp');
    const image = await sharp(large.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([image.info.width, image.info.height]).toEqual([1280, 800]);
    pixelAt(image, 100, 100).forEach((channel, index) =>
      expect(Math.abs(channel - BLOCK_RGB[index]!)).toBeLessThanOrEqual(6),
    );
    expect(pixelAt(image, 1000, 600).every((channel) => channel > 248)).toBe(true);
  });

  it('refuses an internal address before queueing anything', async () => {
    const before = await jobCount();
    const refused = await requestShot('http://internal.localhost/admin');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: { code: 'FORBIDDEN', message: 'This address cannot be previewed' },
    });
    const invalid = await requestShot('javascript:alert(1)');
    expect(invalid.statusCode).toBe(400);
    expect(await jobCount()).toBe(before);
  });

  it('fails a page that never loads after the time limit, and the server carries on', async () => {
    const response = await requestShot(fixtures.url('/never'));
    const { jobId } = response.json<{ jobId: string }>();
    const follower = await followJob(t.current.services.bus, jobId);
    expect(await follower.outcome).toEqual({ type: 'error', data: { message: TIMEOUT_MESSAGE } });
    expect((await get(`/api/team/${slug}/jobs/by-id?id=${jobId}`)).json()).toMatchObject({
      status: 'failed',
      error: TIMEOUT_MESSAGE,
    });
    expect((await get('/api/health')).statusCode).toBe(200);
    const thumbnail = await t.current.app.inject({
      method: 'GET',
      url: `/api/files/screenshots/${jobId}-small.png`,
    });
    expect(thumbnail.statusCode).toBe(404);
  });

  it('serves only thumbnail names from the screenshot folder', async () => {
    for (const name of ['..%2F..%2Fetc%2Fpasswd', 'x.png', `${'0'.repeat(36)}-small.png`]) {
      const response = await t.current.app.inject({
        method: 'GET',
        url: `/api/files/screenshots/${name}`,
      });
      expect(response.statusCode).toBe(404);
    }
  });
});
