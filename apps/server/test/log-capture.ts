import { Writable } from 'node:stream';

/** A log line as the app writes it (pino JSON); tests read the fields they need. */
export interface LogLine {
  level: number;
  msg: string;
  link?: string;
  to?: string;
}

export const WARN = 40;

/** The server's log lines, parsed, as the app writes them (pass `stream` as `logStream`). */
export function logCapture() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line) as LogLine);
      }
      done();
    },
  });
  return { lines, stream, linksTo: (to: string) => lines.filter((line) => line.to === to) };
}
