import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { callJson, createOwnedCampaign } from './collect-load';
import { freePort, startServerProcess, type ServerProcess } from './server-process';

// Issue 30, README "Serve the tracker through a CDN": the example nginx configuration, run as
// it is (only its addresses and cache directory replaced), keeps serving the tracker's script
// and config while Kindling is down, past their max-age, on Kindling's own caching headers.

const EXAMPLE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../docs/examples/nginx-tracker-cache.conf',
);
/** Kindling's tracker files are fresh this long in a shared cache (SHARED_CACHE_CONTROL). */
const MAX_AGE_MS = 60_000;

const nginxProblem = spawnSync('nginx', ['-v']).error?.message;
if (nginxProblem && process.env.REQUIRE_NGINX === '1') {
  throw new Error(`REQUIRE_NGINX=1 but nginx cannot run: ${nginxProblem}`);
}
if (nginxProblem) {
  console.warn(
    `\n[kindling] nginx is not installed (${nginxProblem}): the CDN example test is SKIPPED.\n` +
      '[kindling] Install nginx-light (Debian), or set REQUIRE_NGINX=1 to fail instead.\n',
  );
}

async function startNginx(dir: string, port: number, upstream: string): Promise<ChildProcess> {
  const example = readFileSync(EXAMPLE, 'utf8')
    .replaceAll('listen 80;', `listen 127.0.0.1:${port};`)
    .replaceAll('http://127.0.0.1:3000', upstream)
    .replaceAll('/var/cache/nginx/kindling', path.join(dir, 'cache'));
  mkdirSync(path.join(dir, 'logs'), { recursive: true });
  // nginx run as root hands the work to an unprivileged user, which must reach its directories.
  chmodSync(dir, 0o755);
  writeFileSync(path.join(dir, 'example.conf'), example);
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off; pid ${dir}/nginx.pid; error_log stderr warn;\nevents {}\n` +
      `http { access_log off; include ${dir}/example.conf; }\n`,
  );
  const nginx = spawn('nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  nginx.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  for (let tries = 0; tries < 100; tries += 1) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      () => true,
      () => false,
    );
    if (up) return nginx;
    if (nginx.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  nginx.kill();
  throw new Error(`nginx did not start: ${errors}`);
}

async function through(url: string) {
  const response = await fetch(url);
  return {
    status: response.status,
    cache: response.headers.get('x-cache-status'),
    body: await response.text(),
  };
}

describe.skipIf(nginxProblem)('the README’s nginx cache in front of the tracker', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kindling-nginx-'));
  let nginx: ChildProcess | undefined;
  let server: ServerProcess | undefined;

  afterAll(async () => {
    nginx?.kill();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'answers the script and config from its cache, and stale past max-age while Kindling is down',
    { timeout: 120_000 },
    async () => {
      const nginxPort = await freePort();
      const publicUrl = `http://127.0.0.1:${nginxPort}`;
      server = await startServerProcess({
        DATA_DIR: path.join(dir, 'data'),
        PUBLIC_URL: publicUrl,
        JOB_WORKER: 'false',
      });
      expect(server.healthy).toBe(true);
      nginx = await startNginx(dir, nginxPort, server.url);
      const { slug, accessToken, campaign } = await createOwnedCampaign(publicUrl);
      await callJson(
        `${publicUrl}/api/team/${slug}/campaign/update-enabled?id=${campaign.id}&isEnabled=true`,
        undefined,
        accessToken,
      );
      const files = [
        `${publicUrl}/api/tracker/${slug}.js`,
        `${publicUrl}/api/tracker/${slug}/config.json`,
      ];
      const first = await Promise.all(files.map(through));
      expect(first.map(({ status, cache }) => [status, cache])).toEqual([
        [200, 'MISS'],
        [200, 'MISS'],
      ]);
      // The script names the config on the public address; the config holds the campaign.
      expect(first[0]!.body).toContain(`${publicUrl}/api/tracker/${slug}/config.json`);
      expect(first[1]!.body).toContain(`"id":${campaign.id}`);
      const cached = await Promise.all(files.map(through));
      expect(cached.map(({ cache }) => cache)).toEqual(['HIT', 'HIT']);
      const cachedAt = Date.now();

      await server.stop();
      // Kindling is down: anything nginx does not cache fails...
      expect((await fetch(`${publicUrl}/api/health`)).status).toBe(502);
      // ...and the tracker's files keep coming, fresh, then stale past their max-age.
      const fresh = await Promise.all(files.map(through));
      expect(fresh.map(({ status, cache }) => [status, cache])).toEqual([
        [200, 'HIT'],
        [200, 'HIT'],
      ]);
      await new Promise((resolve) =>
        setTimeout(resolve, cachedAt + MAX_AGE_MS + 2000 - Date.now()),
      );
      const stale = await Promise.all(files.map(through));
      expect(stale.map(({ status, cache }) => [status, cache])).toEqual([
        [200, 'STALE'],
        [200, 'STALE'],
      ]);
      expect(stale.map(({ body }) => body)).toEqual(first.map(({ body }) => body));
    },
  );
});
