import type { Db } from '../../db/database';
import { listTeamsOfUser } from './repo';

/** The caller's teams with their role, subscription and flags, by name. */
export function getTeamsOfUser({ db }: { db: Db }, { userId }: { userId: number }) {
  return listTeamsOfUser(db, userId);
}
