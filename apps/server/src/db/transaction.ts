import type { Transaction } from 'kysely';
import type { Database } from './schema';

export type Tx = Transaction<Database>;
