import { INSTANCE_ADMIN_MESSAGES } from '@kindling/domain';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../errors';
import type { AppServices } from '../../http/types';
import { authenticate } from '../auth/authenticate';
import { findAccountById } from '../users/find-account';
import { isInstanceAdmin } from './is-instance-admin';

/** Proof that the caller passed the check: the instance-admin use-cases take nothing less. */
export interface InstanceAdmin {
  readonly id: number;
  readonly email: string;
  readonly instanceAdmin: true;
}

/**
 * The signed-in caller, if an instance administrator; 401 without a session, 403 otherwise.
 * Every outcome is written to the server log, refusals included (the audit trail).
 */
export async function requireInstanceAdmin(
  services: Pick<AppServices, 'db' | 'tokens' | 'config'>,
  request: FastifyRequest,
): Promise<InstanceAdmin> {
  const user = await authenticate(services, request);
  const account = await findAccountById(services, { userId: user.id });
  if (!account || user.guest || !isInstanceAdmin(services, account)) {
    request.log.warn(
      {
        audit: 'instance-admin',
        outcome: 'refused',
        actor: { id: user.id, email: account?.email },
      },
      'instance admin call refused',
    );
    throw forbidden(INSTANCE_ADMIN_MESSAGES.forbidden);
  }
  return { id: account.id, email: account.email, instanceAdmin: true };
}
