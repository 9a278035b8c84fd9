import styles from './ai-panel.module.css';

/** Under an AI panel: that the answer came from the offline provider (and what it did), or why it failed. */
export function AiOutcome({
  offline,
  offlineWork,
  error,
}: {
  offline: boolean | undefined;
  /** What the offline provider makes, e.g. "rule-based rewrites". */
  offlineWork: string;
  error: string | undefined;
}) {
  return (
    <>
      {offline ? (
        <p className={styles.note} data-testid="ai-offline">
          Offline suggestions, made on this server as no AI service is configured: {offlineWork}.
        </p>
      ) : null}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
