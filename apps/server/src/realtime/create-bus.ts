import type { Config } from '../config';
import type { AppInstance } from '../http/types';
import type { RedisHealth } from '../redis/redis-health';
import type { BusLogger, PubSubBus } from './bus';
import { MemoryBus } from './memory-bus';
import { RedisBus } from './redis-bus';

/** In-memory for a single process; Redis pub/sub when REDIS_URL is set (several processes). */
export function createBus(
  config: Pick<Config, 'REDIS_URL' | 'REDIS_KEY_PREFIX'>,
  log: BusLogger,
  health: RedisHealth,
): PubSubBus {
  return config.REDIS_URL
    ? new RedisBus({ url: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX, log, health })
    : new MemoryBus(log);
}

/**
 * Creates the app's bus and closes it when the app closes. Install it before the modules that
 * publish: onClose hooks run last-registered first, so the bus outlives their own shutdown.
 */
export function installBus(app: AppInstance, config: Config, health: RedisHealth): PubSubBus {
  const bus = createBus(config, app.log, health);
  app.addHook('onClose', () => bus.close());
  return bus;
}
