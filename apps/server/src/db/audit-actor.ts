import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  SelectQueryNode,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';

// Who makes a change, for the audit log's triggers (migration 0045): each statement runs on a
// connection whose `kindling.actor` setting names the request it serves (a JSON object), or is
// empty outside any request (a job, a schedule: the system).

/** The actor of the work running now: set around each request (app.ts), read per statement. */
export const auditActors = new AsyncLocalStorage<{ actor: () => string }>();

const currentActor = (): string => auditActors.getStore()?.actor() ?? '';

/**
 * A query built as a plain select cannot fire a trigger, so it needs no actor: most requests
 * only read, and each would otherwise cost a statement more (its actor names its request id).
 * A select with a WITH may hold an insert, and raw SQL may write: both get the actor.
 */
const onlyReads = ({ query }: CompiledQuery): boolean =>
  SelectQueryNode.is(query) && query.with === undefined;

/**
 * `dialect`, whose connections set `kindling.actor` before a statement that may write when the
 * actor of the work running it is not the one the connection last had: one extra statement when
 * a connection passes from one request's writes to another's, none while it serves the same.
 * The setting is the session's (a pooled connection keeps it), so every statement that may write
 * sets it for itself; a rollback may take a setting made inside the transaction back, so the
 * connection's is forgotten then.
 */
export function withAuditActor(dialect: Dialect): Dialect {
  return {
    createDriver: () => actorDriver(dialect.createDriver()),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}

function actorDriver(driver: Driver): Driver {
  /** What each connection's setting is now ('' or absent: none). */
  const settings = new WeakMap<DatabaseConnection, string>();
  const patched = new WeakSet<DatabaseConnection>();

  const sync = async (
    connection: DatabaseConnection,
    execute: DatabaseConnection['executeQuery'],
    query: CompiledQuery,
  ) => {
    if (onlyReads(query)) return;
    const actor = currentActor();
    if ((settings.get(connection) ?? '') === actor) return;
    await execute(CompiledQuery.raw("select set_config('kindling.actor', $1, false)", [actor]));
    settings.set(connection, actor);
  };

  const patch = (connection: DatabaseConnection): DatabaseConnection => {
    if (patched.has(connection)) return connection;
    patched.add(connection);
    const execute = connection.executeQuery.bind(connection);
    const stream = connection.streamQuery.bind(connection);
    connection.executeQuery = async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
      await sync(connection, execute, query);
      return execute<R>(query);
    };
    connection.streamQuery = async function* <R>(query: CompiledQuery, chunkSize?: number) {
      await sync(connection, execute, query);
      yield* stream<R>(query, chunkSize);
    };
    return connection;
  };

  const forgetting =
    <A extends unknown[]>(run: (connection: DatabaseConnection, ...rest: A) => Promise<void>) =>
    async (connection: DatabaseConnection, ...rest: A) => {
      settings.delete(connection);
      await run(connection, ...rest);
    };

  return {
    init: () => driver.init(),
    acquireConnection: async () => patch(await driver.acquireConnection()),
    beginTransaction: (connection, settings) => driver.beginTransaction(connection, settings),
    commitTransaction: async (connection) => {
      try {
        await driver.commitTransaction(connection);
      } catch (error) {
        settings.delete(connection);
        throw error;
      }
    },
    rollbackTransaction: forgetting((connection) => driver.rollbackTransaction(connection)),
    ...(driver.savepoint && { savepoint: driver.savepoint.bind(driver) }),
    ...(driver.rollbackToSavepoint && {
      rollbackToSavepoint: forgetting(driver.rollbackToSavepoint.bind(driver)),
    }),
    ...(driver.releaseSavepoint && { releaseSavepoint: driver.releaseSavepoint.bind(driver) }),
    releaseConnection: (connection) => driver.releaseConnection(connection),
    destroy: () => driver.destroy(),
  };
}
