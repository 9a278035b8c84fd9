import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { Outbox } from '../../mail/outbox';

/** What this module needs to know of an account (the users module answers, wired in app.ts). */
export interface LinkAccount {
  id: number;
  email: string;
  emailVerified: boolean;
  /** The shared guest account: every guest uses it, so no link may change it. */
  isGuest: boolean;
}

/** Use-cases of other modules, injected from app.ts; each takes a transaction as `db`. */
export interface AccountOperations {
  findAccountByEmail(deps: { db: Db }, input: { email: string }): Promise<LinkAccount | null>;
  findAccountById(deps: { db: Db }, input: { userId: number }): Promise<LinkAccount | null>;
  setPassword(deps: { db: Db }, input: { userId: number; password: string }): Promise<void>;
  endAllSessions(deps: { db: Db }, input: { userId: number }): Promise<void>;
  markEmailVerified(deps: { db: Db }, input: { userId: number; email: string }): Promise<boolean>;
}

export interface LinkDeps extends AccountOperations {
  db: Db;
  outbox: Outbox;
}

/** Per request: where links point and where the no-mail fallback writes them. */
export interface LinkContext {
  /** The web-app address of `path` carrying `token` (PUBLIC_URL, else the request's origin). */
  linkTo(path: string, token: string): string;
  log: FastifyBaseLogger;
}

/** How a link reaches its reader: by mail, or in the server log when no mail server is set up. */
export type Delivery = 'mail' | 'log';
