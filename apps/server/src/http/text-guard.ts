import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from '@kindling/domain';
import { validationError } from '../errors';
import type { AppInstance } from './types';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route answers HTML and checks its own input (the preview page). */
    guardText?: boolean;
  }
}

/**
 * Refuses text no column can hold faithfully, in any body, query or path parameter, before a
 * schema or a query sees it: NUL (PostgreSQL refuses it with a 500) and unpaired surrogates
 * (refused by jsonb, silently replaced in text columns). One rule for every route.
 */
export function installTextGuard(app: AppInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.routeOptions.config.guardText === false) return done();
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const path = findUnsafeText(value);
      if (path !== undefined) {
        return done(validationError(UNSAFE_TEXT_MESSAGE, { [path || part]: UNSAFE_TEXT_MESSAGE }));
      }
    }
    done();
  });
}
