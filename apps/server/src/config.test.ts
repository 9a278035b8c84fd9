import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      TRUST_PROXY: false,
      AUTH_RATE_LIMIT_PER_MINUTE: 20,
      REDIS_KEY_PREFIX: 'kindling:',
      AI_PROVIDER: 'local',
      JOB_STALE_MS: 300_000,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PREVIEW_ALLOW_HOSTS).toEqual([]);
    expect(config.GEO_HEADER).toBeUndefined();
  });

  it('takes GEO_HEADER as a header name, in lower case; blank is unset', () => {
    expect(loadConfig({ GEO_HEADER: ' CF-IPCountry ' }).GEO_HEADER).toBe('cf-ipcountry');
    expect(loadConfig({ GEO_HEADER: ' ' }).GEO_HEADER).toBeUndefined();
  });

  it('counts public body bytes by default, never below one largest body', () => {
    expect(loadConfig({})).toMatchObject({
      COLLECT_BYTES_PER_MINUTE: 8 * 1024 * 1024,
      CLIENT_LOG_BYTES_PER_MINUTE: 1024 * 1024,
      CLIENT_LOG_BYTES_PER_HOUR: 10 * 1024 * 1024,
      CLIENT_LOG_MAX_TOTAL_BYTES: 256 * 1024 * 1024,
    });
    expect(loadConfig({ COLLECT_BYTES_PER_MINUTE: '524288' }).COLLECT_BYTES_PER_MINUTE).toBe(
      524_288,
    );
    expect(() => loadConfig({ COLLECT_BYTES_PER_MINUTE: '100000' })).toThrow(
      'COLLECT_BYTES_PER_MINUTE must be at least 524288',
    );
    expect(() => loadConfig({ CLIENT_LOG_MAX_TOTAL_BYTES: '1000' })).toThrow(
      'CLIENT_LOG_MAX_TOTAL_BYTES must be at least 1048576',
    );
  });

  it('requires the Stripe webhook secret with both keys, and defaults the Stripe.js address', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' };
    expect(() => loadConfig(keys)).toThrow('STRIPE_WEBHOOK_SECRET is required');
    const config = loadConfig({ ...keys, STRIPE_WEBHOOK_SECRET: 'whsec_1' });
    expect(config.STRIPE_JS_URL).toBe('https://js.stripe.com/v3/');
    expect(config.STRIPE_API_BASE).toBeUndefined();
    expect(() => loadConfig({ STRIPE_API_BASE: 'ftp://stripe.local' })).toThrow(
      'STRIPE_API_BASE must be an http(s) address',
    );
  });

  it('takes an smtp(s) SMTP_URL, and only with a PUBLIC_URL or ADMIN_URL for the links in mails', () => {
    const smtp = { SMTP_URL: 'smtps://user:pass@mail.example.com:465' };
    expect(() => loadConfig(smtp)).toThrow('PUBLIC_URL (or ADMIN_URL) is required with SMTP_URL');
    expect(loadConfig({ ...smtp, ADMIN_URL: 'https://admin.example.com' }).ADMIN_URL).toBe(
      'https://admin.example.com',
    );
    expect(() => loadConfig({ ...smtp, SMTP_URL: 'http://mail.example.com' })).toThrow(
      'SMTP_URL must be an smtp:// or smtps:// URL',
    );
    const config = loadConfig({ ...smtp, PUBLIC_URL: 'https://kindling.example.com' });
    expect(config.SMTP_URL).toBe(smtp.SMTP_URL);
    expect(config.MAIL_FROM).toBe('Kindling <no-reply@kindling.local>');
  });

  it('reads values and treats blank optional settings as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://kindling@db:5432/kindling',
      REDIS_URL: '  ',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      PREVIEW_ALLOW_HOSTS: ' Fixtures.Local , ,shop.test ',
    });
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBe('postgres://kindling@db:5432/kindling');
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.TRUST_PROXY).toBe('10.0.0.0/8, 127.0.0.1');
    expect(config.PREVIEW_ALLOW_HOSTS).toEqual(['fixtures.local', 'shop.test']);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ JOB_STALE_MS: '2000' }).JOB_STALE_MS).toBe(2000);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET must be at least 32 characters'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ AUTH_RATE_LIMIT_PER_MINUTE: '0' }, 'AUTH_RATE_LIMIT_PER_MINUTE'],
    [{ AI_PROVIDER: 'gemini' }, 'AI_PROVIDER'],
    [{ AI_BASE_URL: 'localhost:11434' }, 'AI_BASE_URL must be an http(s) address'],
    [{ AI_TIMEOUT_MS: '10' }, 'AI_TIMEOUT_MS'],
    [{ JOB_STALE_MS: '500' }, 'JOB_STALE_MS'],
    [{ JOB_STALE_MS: '86400001' }, 'JOB_STALE_MS'],
    [{ BILLING_CURRENCY: 'dollars' }, 'BILLING_CURRENCY must be an ISO 4217 code'],
    [{ GEO_HEADER: 'x country' }, 'GEO_HEADER must be a header name'],
    [{ GEO_HEADER: 'x-country:' }, 'GEO_HEADER must be a header name'],
  ])('refuses %j, naming the setting', (env, expected) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(expected);
  });
});
