// `npm start`: builds what is missing or stale (the SPA, the server bundle), then runs the
// compiled server (API + built SPA) in production mode. `--cluster` (npm run start:cluster) runs
// CLUSTER_WORKERS server processes behind one port.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerIfStale, serverOutfile } from './build-server.mjs';
import { buildWebIfStale } from './build-web.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
buildWebIfStale();
await buildServerIfStale();

const server = spawn(
  process.execPath,
  ['--enable-source-maps', serverOutfile, ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
