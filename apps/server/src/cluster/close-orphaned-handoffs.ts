import type { Worker } from 'node:cluster';

/** The connection handle node:cluster's round-robin primary passes (a libuv TCP handle). */
interface PassedHandle {
  close(): void;
}

/** The primary's internal hand-off and answer messages (lib/internal/cluster). */
interface ClusterMessage {
  cmd?: unknown;
  act?: unknown;
  seq?: unknown;
  ack?: unknown;
}

const isClusterMessage = (message: unknown): message is ClusterMessage =>
  typeof message === 'object' &&
  message !== null &&
  (message as ClusterMessage).cmd === 'NODE_CLUSTER';

/**
 * Closes the connections the primary handed to `worker` that it never took, once it has died.
 *
 * In round-robin scheduling (Node's default on Linux) the primary accepts every connection and
 * passes it to a worker with a `newconn` message; it keeps its own copy of the socket open until
 * the worker answers, then closes that copy. A worker killed after the hand-off was sent but
 * before its answer left (`kill -9`, the OOM killer) never answers, and Node neither closes nor
 * passes on that copy: the client's connection stays open, unanswered, for as long as the
 * primary runs (issue 34, finding 7: 60 s and 190 s seen, until the client gave up). This keeps
 * each hand-off still waiting for its answer and closes it when the worker exits; the client
 * then sees its connection reset, as for the requests the worker itself was serving.
 *
 * It reads Node's internal cluster messages (the same since Node 0.12). Should they change, it
 * tracks nothing and the old behaviour returns: `test/fault-kill-connections.test.ts` fails.
 */
export function closeOrphanedHandoffs(worker: Worker): void {
  const child = worker.process;
  const waiting = new Map<unknown, PassedHandle>();
  const send = child.send.bind(child) as (...args: unknown[]) => boolean;
  child.send = (message: unknown, handle?: unknown, ...rest: unknown[]) => {
    if (isClusterMessage(message) && message.act === 'newconn' && handle) {
      waiting.set(message.seq, handle as PassedHandle);
    }
    return send(message, handle, ...rest);
  };
  // Node's own listener (added at fork) has already closed or passed on the handle by now.
  child.on('internalMessage', (message: unknown) => {
    if (isClusterMessage(message) && message.ack !== undefined) waiting.delete(message.ack);
  });
  child.once('exit', () => {
    for (const handle of waiting.values()) handle.close();
    waiting.clear();
  });
}
