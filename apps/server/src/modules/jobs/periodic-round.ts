import type { AppInstance } from '../../http/types';

/**
 * A worker process's periodic work (auto-stop, schedules, mismatch alerts, idea experiments,
 * rollout reminders): `round` every `everyMs`, never two at once, the timer not keeping the
 * process alive, and the round in flight awaited when the app closes.
 */
export function startPeriodicRound(
  app: AppInstance,
  everyMs: number,
  round: () => Promise<unknown>,
): void {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    running ??= round().finally(() => (running = null));
  }, everyMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
