import type { Db } from '../../db/database';
import { revokeSession } from './repo';

export async function signOut({ db }: { db: Db }, { sessionId }: { sessionId: string }) {
  await revokeSession(db, sessionId);
}
