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
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PREVIEW_ALLOW_HOSTS).toEqual([]);
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
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET must be at least 32 characters'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ AUTH_RATE_LIMIT_PER_MINUTE: '0' }, 'AUTH_RATE_LIMIT_PER_MINUTE'],
    [{ AI_PROVIDER: 'openai' }, 'AI_PROVIDER'],
  ])('refuses %j, naming the setting', (env, expected) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(expected);
  });
});
