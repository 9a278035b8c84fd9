import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface PostgresServer {
  baseUrl: string;
  /** The server's own database, for what no route may do (a team's subscription). */
  db: pg.Client;
  close(): Promise<void>;
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
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become healthy in 60 s');
}

/**
 * A second real server (the built SPA, production mode) on a fresh PostgreSQL database, for
 * tests that must write what no route writes: the shared e2e server keeps its data in an
 * embedded PGlite folder no other process may open. Dropped again by close().
 */
export async function startPostgresServer(): Promise<PostgresServer> {
  const name = `kindling_e2e_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kindling-e2e-pg-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        CLIENT_LOG_RATE_LIMIT_PER_MINUTE: '100000',
        PUBLIC_URL: baseUrl,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  await waitForHealth(baseUrl, child);
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  return {
    baseUrl,
    db,
    async close() {
      await db.end();
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
      const dropper = new pg.Client({ connectionString: ADMIN_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
