import { readdir, readFile, readlink } from 'node:fs/promises';

/** Inodes of TCP sockets whose `end` (local or remote) is on `port` (/proc/net/tcp and tcp6). */
async function socketInodes(port: number, end: 'local' | 'remote' = 'local'): Promise<Set<string>> {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const column = end === 'local' ? 1 : 2;
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await readFile(table, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // sl local_address rem_address st tx_queue:rx_queue tr:when retrnsmt uid timeout inode
      if (fields[column]?.endsWith(`:${hexPort}`) && fields[9]) inodes.add(fields[9]);
    }
  }
  return inodes;
}

async function holderOf(inodes: Set<string>, pids: number[]): Promise<number | undefined> {
  for (const pid of pids) {
    const fds = await readdir(`/proc/${pid}/fd`).catch(() => []);
    for (const fd of fds) {
      const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode && inodes.has(inode)) return pid;
    }
  }
  return undefined;
}

/**
 * Which of `pids` holds the TCP connection whose local end is 127.0.0.1:`port` (a server sees
 * it as the caller's remote port). Linux only: it reads /proc; undefined when none of them does.
 */
export async function processOwningPort(port: number, pids: number[]): Promise<number | undefined> {
  return holderOf(await socketInodes(port), pids);
}

/**
 * Which of `pids` holds the server end of the connection a client made from its local port
 * `clientPort` (the end whose remote port it is). Linux only; undefined when none of them does.
 */
export async function processServingPort(
  clientPort: number,
  pids: number[],
): Promise<number | undefined> {
  return holderOf(await socketInodes(clientPort, 'remote'), pids);
}
