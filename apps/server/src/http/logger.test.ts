import { inspect } from 'node:util';
import { sql } from 'kysely';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { bearer, createTeam, errorOf, signUp, uniqueEmail, useTestApp } from '../../test/test-app';
import { loggerOptions, maskSecrets, REDACTED, serializeError } from './logger';

const BCRYPT_HASH = '$2b$10$abcdefghijklmnopqrstuv0123456789ABCDEFGHIJKLMNOPQRSTU';
const SHA256_HEX = 'a'.repeat(8) + '0123456789abcdef'.repeat(3) + 'b'.repeat(8);
const ANY_BCRYPT = /\$2[abxy]?\$\d{2}\$/;
const ANY_SHA256 = /\b[0-9a-f]{64}\b/i;

/** A pino destination that keeps every line. */
function captureLog() {
  const lines: string[] = [];
  return {
    stream: { write: (line: string) => void lines.push(line) },
    text: () => lines.join(''),
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe('maskSecrets', () => {
  it.each([
    ['a bcrypt hash', `row (1, ${BCRYPT_HASH}, null)`, BCRYPT_HASH],
    ['a JWT', 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLWJ5dGVz', 'eyJ'],
    ['an API key', 'key kk_Ab3dEf9hIjKlMnOpQrStUvWxYz0123456789abc was used', 'kk_'],
    ['a sha-256 hex digest', `token_hash ${SHA256_HEX}`, SHA256_HEX],
    ['a refresh token', 'token Xk2_9fQmZt-7LpR4sWvB8nCyD1eHjA5gUoIi3KlMxNq', 'Xk2_9fQm'],
    ['an e-mail address', 'Key (lower(email))=(grace.h+x@example.co.uk) already exists.', '@'],
  ])('masks %s', (_label, text, secret) => {
    const masked = maskSecrets(text);
    expect(masked).not.toContain(secret);
    expect(masked).toContain(REDACTED);
  });

  it('leaves ordinary error text, SQL and stack frames alone', () => {
    const text = [
      'duplicate key value violates unique constraint "team_api_keys_key_hash_unique"',
      'insert into "users" ("email", "password_hash") values ($1, $2)',
      '    at async file:///work/node_modules/@electric-sql/pglite/dist/index.js:5:1151',
      'session 3f1c2a9e-7b4d-4e21-9c3a-0d5e6f7a8b9c',
    ].join('\n');
    expect(maskSecrets(text)).toBe(text);
  });
});

describe('serializeError', () => {
  it('drops query values and row contents, masks secrets, keeps what explains the failure', () => {
    const error = Object.assign(new Error('value too long for user ada@example.com'), {
      code: '22001',
      table: 'users',
      query: 'update "users" set "password_hash" = $1 where "id" = $2',
      params: [BCRYPT_HASH, 7],
      detail: 'Failing row contains (7, Ada, ada@example.com)',
      passwordHash: 'plain-looking-value',
      node: { kind: 'ValueNode', value: 'Ada Lovelace' },
      cause: Object.assign(new Error('inner'), { params: ['inner-secret-value'] }),
    });
    const serialized = serializeError(error);
    const text = JSON.stringify(serialized);
    expect(serialized).toMatchObject({
      type: 'Error',
      code: '22001',
      table: 'users',
      query: 'update "users" set "password_hash" = $1 where "id" = $2',
      passwordHash: REDACTED,
    });
    expect(serialized.message).toContain('value too long for user');
    for (const secret of [
      BCRYPT_HASH,
      'ada@example.com',
      'Failing row',
      'plain-looking-value',
      'Ada Lovelace',
      'inner-secret-value',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('is what the app logger uses, next to pino redaction of secret fields', () => {
    const log = captureLog();
    const logger = pino(loggerOptions({ level: 'info' }), log.stream);
    logger.error({ err: Object.assign(new Error('boom'), { params: [BCRYPT_HASH] }) }, 'failed');
    logger.info({ password: 'hunter2-secret', user: { refreshToken: 'rt-secret-value' } }, 'x');
    expect(log.text()).toContain('boom');
    expect(log.text()).not.toContain(BCRYPT_HASH);
    expect(log.text()).not.toContain('hunter2-secret');
    expect(log.text()).not.toContain('rt-secret-value');
  });
});

describeEachDatabase('database errors in the log', (kind) => {
  const log = captureLog();
  const t = useTestApp(kind, { LOG_LEVEL: 'info' }, { logStream: log.stream });
  const password = 'Very-secret-pass-42';

  beforeAll(async () => {
    // Writes that reach the database with secrets among their parameters, then fail there.
    await sql`alter table users add constraint log_probe_user check (real_name <> 'Fail Me')`.execute(
      t.current.services.db,
    );
    await sql`alter table team_api_keys add constraint log_probe_key check (name <> 'Fail Me')`.execute(
      t.current.services.db,
    );
  });

  const errorEntries = () =>
    log.entries().filter((entry) => entry.level === 50 && entry.msg === 'unhandled error');

  it('carries the secrets on the driver error itself (what an unfiltered log would write)', async () => {
    const email = uniqueEmail('raw');
    const error: unknown = await t.current.services.db
      .insertInto('users')
      .values({ email, passwordHash: BCRYPT_HASH, realName: 'Fail Me', preferences: '{}' })
      .execute()
      .catch((caught: unknown) => caught);
    // PGlite attaches the bound parameters; pg and PGlite both put the failing row in `detail`.
    expect(inspect(error)).toContain(email);
    expect(inspect(error)).toContain(BCRYPT_HASH);
    const serialized = JSON.stringify(serializeError(error));
    expect(serialized).toContain('log_probe_user');
    expect(serialized).not.toContain(email);
    expect(serialized).not.toContain(BCRYPT_HASH);
  });

  it('logs a failed sign-up without the e-mail, the password or its hash', async () => {
    const email = uniqueEmail('secret-person');
    const response = await t.current.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { email, password, realName: 'Fail Me' },
    });
    expect(response.statusCode).toBe(500);
    expect(errorOf(response).code).toBe('INTERNAL');

    const [entry] = errorEntries().filter((e) => JSON.stringify(e).includes('log_probe_user'));
    expect(entry?.err).toMatchObject({
      code: '23514',
      table: 'users',
      constraint: 'log_probe_user',
    });
    const text = log.text();
    expect(text).not.toContain(email.split('@')[0]);
    expect(text).not.toContain(password);
    expect(text).not.toMatch(ANY_BCRYPT);
    expect(text).not.toContain('Failing row');
  });

  it('logs a failed API-key insert without the key hash', async () => {
    const owner = await signUp(t.current.app);
    const slug = await createTeam(t.current.app, owner);
    const response = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/api-keys/create`,
      headers: bearer(owner),
      payload: { name: 'Fail Me' },
    });
    expect(response.statusCode).toBe(500);
    const entries = errorEntries().filter((e) => JSON.stringify(e).includes('log_probe_key'));
    expect(entries).toHaveLength(1);
    expect(log.text()).not.toMatch(ANY_SHA256);
    expect(log.text()).not.toContain('kk_');
  });
});
