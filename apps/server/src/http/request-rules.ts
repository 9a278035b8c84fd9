import { installApiCache } from './api-cache';
import { installBodyLimit } from './body-limit';
import { installJsonShapeLimits } from './json-body';
import { installTextGuard } from './text-guard';
import type { AppInstance } from './types';

/**
 * What every route gets, whatever module registers it: the body size limit, the JSON shape
 * limits (depth; objects and arrays where the route sets a count) and the text guard on the way
 * in, ETags and the API cache policy on the way out.
 */
export function installRequestRules(app: AppInstance): void {
  installBodyLimit(app);
  installJsonShapeLimits(app);
  installTextGuard(app);
  installApiCache(app);
}
