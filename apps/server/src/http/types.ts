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
}

export interface AuthenticatedUser {
  id: number;
  sessionId: string;
}

export interface TeamAccess {
  id: number;
  slug: string;
  role: 'owner' | 'member';
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthenticatedUser | null;
    team: TeamAccess | null;
  }
}
