import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { Mailer } from '../mail/mailer';
import type { TokenService } from '../modules/auth/tokens';
import type { PubSubBus } from '../realtime/bus';

export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface AppServices {
  config: Config;
  db: Db;
  tokens: TokenService;
  /** Real-time pub/sub; publish job progress and results on `job-{id}`. */
  bus: PubSubBus;
  /** Invitation, address-verification and password-reset mails (SMTP_URL). */
  mailer: Mailer;
  /**
   * A team's served campaigns changed outside a team route (auto-stop, an idea experiment's
   * end): its tracker files are rebuilt on the next request (tracker/served-files.ts).
   */
  servingChanged?: ServingChanged;
}

export type ServingChanged = (teamId: number) => void;

export interface AuthenticatedUser {
  id: number;
  sessionId: string;
  /** A guest session (GUEST_ACCESS): read-only, see modules/auth/guest-guard.ts. */
  guest: boolean;
}

export interface TeamAccess {
  id: number;
  slug: string;
  role: 'owner' | 'member' | 'viewer';
  /** Set when an API key, not a person, calls: what the key may do. */
  apiKey?: { id: number; scope: 'read' | 'write' };
}

/**
 * What a route does, for the guest guard: by default GET reads and every other method writes.
 * Routes that differ say so (a POST that only reads, a GET that changes something).
 */
export type RouteAccess = 'read' | 'write';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    user: AuthenticatedUser | null;
    team: TeamAccess | null;
  }
}
