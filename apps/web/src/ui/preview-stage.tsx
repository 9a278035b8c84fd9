import clsx from 'clsx';
import type { Ref } from 'react';
import { Button } from './button';
import styles from './preview-stage.module.css';

/** The failure banner of a live preview, with a retry. */
export function PreviewError({
  message,
  onRetry,
}: {
  message: string | undefined;
  onRetry: () => void;
}) {
  return (
    <div className={styles.error} role="alert">
      <span>
        <strong>The page could not be previewed.</strong> {message}
      </span>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

interface PreviewStageProps {
  /** The proxy address; nothing is framed until it is known. */
  src: string | undefined;
  /** A new attempt recreates the frame even for the same address. */
  attempt: number;
  /** CSS pixels, or undefined to fill the stage (desktop). */
  width: number | undefined;
  frameRef: Ref<HTMLIFrameElement>;
  /** Fill the height of the container instead of the screen-based default. */
  fill?: boolean;
}

/**
 * The sandboxed frame of a customer page: scripts run, but without allow-same-origin the page
 * can never reach the app's origin, storage or cookies.
 */
export function PreviewStage({ src, attempt, width, frameRef, fill = false }: PreviewStageProps) {
  return (
    <div className={clsx(styles.stage, fill && styles.fill)}>
      {src ? (
        <iframe
          key={attempt}
          ref={frameRef}
          className={styles.frame}
          style={width === undefined ? undefined : { width }}
          sandbox="allow-scripts allow-forms"
          title="Live preview"
          src={src}
        />
      ) : null}
    </div>
  );
}
