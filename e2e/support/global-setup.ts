import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import type {} from 'vitest';
// @ts-expect-error -- plain .mjs script shared with `npm start`
import { buildWebIfStale } from '../../scripts/build-web.mjs';
import { startOidcProvider } from '../../apps/server/test/oidc-provider';
import { startSmtpCapture } from '../../apps/server/test/smtp-server';
import { serveMailbox } from './mailbox';
import { E2E_SCHEDULE_CHECK_MS } from './schedule-timing';
import { E2E_SSO } from './sso';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** `GET {mailboxUrl}/mails`: every mail the server sent (see support/mailbox.ts). */
    mailboxUrl: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become healthy in 60 s');
}

/**
 * Builds the SPA and runs the real server (production mode, fresh PGlite data folder), sending
 * its mail to an SMTP capture that the tests read through a loopback mailbox.
 */
export default async function setup(project: TestProject) {
  (buildWebIfStale as () => boolean)();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kindling-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const smtp = await startSmtpCapture();
  const mailbox = await serveMailbox(smtp.mails);
  // A real OpenID Connect provider for sso.test.ts ("Sign in with Acme ID" on every sign-in page).
  const identity = await startOidcProvider({
    clients: [
      {
        client_id: E2E_SSO.clientId,
        client_secret: E2E_SSO.clientSecret,
        redirect_uris: [`${baseUrl}/api/auth/sso/callback`],
      },
    ],
    accounts: E2E_SSO.accounts,
  });
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        // Every browser test signs up and in from 127.0.0.1.
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        // tracker-traffic's 200 visitors post from 127.0.0.1 too, several hundred a minute; a
        // 429 would only delay their events (the tracker retries), but the test wants 202s.
        COLLECT_RATE_LIMIT_PER_MINUTE: '100000',
        COLLECT_BYTES_PER_MINUTE: '1073741824',
        // Bulk traffic (support/results-traffic.ts) says which visitor address it stands for in
        // X-Forwarded-For: the server counts visitors per address and acts on none while they
        // come from one. Browsers send no such header; they are 127.0.0.1.
        TRUST_PROXY: 'loopback',
        // Every page posts its client logs from 127.0.0.1 as well.
        CLIENT_LOG_RATE_LIMIT_PER_MINUTE: '100000',
        CLIENT_LOG_BYTES_PER_MINUTE: '1073741824',
        CLIENT_LOG_BYTES_PER_HOUR: '1073741824',
        // The preview proxy opens the fixture sites the tests serve on loopback; screenshots
        // reach them as fixtures.localhost, which the capture browser resolves to loopback.
        PREVIEW_ALLOW_HOSTS: '127.0.0.1,fixtures.localhost',
        // Verification and reset links arrive by mail and point back at this server.
        SMTP_URL: smtp.url,
        PUBLIC_URL: baseUrl,
        // "Try without signing up" (demo-data.test.ts); off, the server answers 404 (server tests).
        GUEST_ACCESS: 'true',
        // schedules.test.ts waits for a scheduled start: the worker looks every 2 s, not 30 s.
        SCHEDULE_CHECK_MS: String(E2E_SCHEDULE_CHECK_MS),
        OIDC_ISSUER: identity.issuer,
        OIDC_CLIENT_ID: E2E_SSO.clientId,
        OIDC_CLIENT_SECRET: E2E_SSO.clientSecret,
        OIDC_NAME: E2E_SSO.name,
        OIDC_ALLOW_HTTP: 'true',
        OIDC_TEAM_DOMAINS: `${E2E_SSO.domain}=${E2E_SSO.team}`,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  try {
    await waitForHealth(baseUrl, child);
  } catch (error) {
    child.kill('SIGTERM');
    await Promise.all([mailbox.close(), smtp.close(), identity.close()]);
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('mailboxUrl', mailbox.url);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await mailbox.close();
    await smtp.close();
    await identity.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
