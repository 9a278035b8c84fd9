import { readFileSync } from 'node:fs';

/** A process's resident memory (VmRSS) in MB, as the kernel counts it against the machine. */
export function residentMb(pid: number): number {
  const line = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line?.[1] ?? 0) / 1024;
}

/** Samples a process's resident memory until stopped; answers the highest seen. */
export function watchResident(pid: number, everyMs = 200): () => number {
  let peak = residentMb(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, residentMb(pid));
    } catch {
      // The process ended between two samples: its last reading stands.
    }
  }, everyMs);
  return () => {
    clearInterval(timer);
    return peak;
  };
}
