import type { PGlite, Transaction } from '@electric-sql/pglite';
import {
  AbortedTransactionError,
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/**
 * Kysely's dialect for PGlite. Kysely ships one from 0.29, which declares Node >= 22; Kindling
 * runs on Node 20 and pins kysely 0.28 (docs/decisions.md, "The Node requirement made true"),
 * so this is that dialect (kysely 0.29.9, MIT licence) written against 0.28's public API. 0.28
 * has no `supportsMultipleConnections`, so the one connection is handed out under a mutex here,
 * as kysely 0.29's runtime driver and 0.28's own SQLite driver do: a transaction holds it from
 * begin to commit, and nothing else runs inside it meanwhile.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}

  createAdapter() {
    return new PGliteAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }

  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteAdapter extends PostgresAdapter {
  // The one connection is held by the migrator from the lock to its release: nothing to lock.
  override async acquireMigrationLock(): Promise<void> {}
  override async releaseMigrationLock(): Promise<void> {}
}

class ConnectionMutex {
  private held: Promise<void> | undefined;
  private release: (() => void) | undefined;

  async lock(): Promise<void> {
    while (this.held) await this.held;
    this.held = new Promise((resolve) => (this.release = resolve));
  }

  unlock(): void {
    const release = this.release;
    this.held = undefined;
    this.release = undefined;
    release?.();
  }
}

class PGliteDriver implements Driver {
  private readonly mutex = new ConnectionMutex();
  private readonly connection: PGliteConnection;

  constructor(private readonly pglite: PGlite) {
    this.connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    if (this.pglite.closed) throw new Error('PGlite instance is already closed.');
    if (!this.pglite.ready) await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.mutex.lock();
    return this.connection;
  }

  releaseConnection(): Promise<void> {
    this.mutex.unlock();
    return Promise.resolve();
  }

  beginTransaction(): Promise<void> {
    return this.connection.begin();
  }

  commitTransaction(): Promise<void> {
    return this.connection.commit();
  }

  rollbackTransaction(): Promise<void> {
    return this.connection.rollback();
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint "${name}"`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint "${name}"`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint "${name}"`));
  }

  async destroy(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  private transaction: Transaction | undefined;
  private settle: { commit: () => void; rollback: (reason: Error) => void } | undefined;
  private closed: Promise<unknown> | undefined;

  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { affectedRows, rows } = await (this.transaction ?? this.pglite).query<R>(
      compiledQuery.sql,
      [...compiledQuery.parameters],
      { rowMode: 'object' },
    );
    return {
      numAffectedRows: affectedRows != null ? BigInt(affectedRows) : undefined,
      rows: rows ?? [],
    };
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by PGlite.');
  }

  /** PGlite's own transaction mode locks the instance, should anything else share it. */
  async begin(): Promise<void> {
    let begun: () => void = () => {};
    const started = new Promise<void>((resolve) => (begun = resolve));
    const decided = new Promise<void>((commit, rollback) => (this.settle = { commit, rollback }));
    // The callback throwing (a rollback) makes PGlite roll the transaction back.
    this.closed = this.pglite.transaction(async (tx) => {
      this.transaction = tx;
      begun();
      await decided;
    });
    // A BEGIN that failed must not leave the caller waiting for `begun`.
    await Promise.race([started, this.closed]);
  }

  async commit(): Promise<void> {
    this.settle?.commit();
    try {
      await this.closed;
    } catch (error) {
      // 25P02: a statement failed earlier, PostgreSQL refuses the commit.
      if (error instanceof Object && 'code' in error && error.code === '25P02') {
        throw new AbortedTransactionError();
      }
      throw error;
    } finally {
      this.reset();
    }
  }

  async rollback(): Promise<void> {
    this.settle?.rollback(new Error('rolled back'));
    await this.closed?.catch(() => undefined);
    this.reset();
  }

  private reset() {
    this.transaction = undefined;
    this.settle = undefined;
    this.closed = undefined;
  }
}
