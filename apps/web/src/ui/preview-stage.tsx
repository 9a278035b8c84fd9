import clsx from 'clsx';
import { useState, type Ref } from 'react';
import type { PreviewSize } from '../lib/preview/preview-options';
import { fitFrame, scaleLabel } from '../lib/preview/preview-scale';
import { useElementBox } from '../lib/use-element-box';
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
  /** The device whose true viewport width the page is rendered at. */
  size: PreviewSize;
  frameRef: Ref<HTMLIFrameElement>;
  /** Fill the height of the container instead of the screen-based default. */
  fill?: boolean;
}

/**
 * The sandboxed frame of a customer page: scripts run, but without allow-same-origin the page
 * can never reach the app's origin, storage or cookies. The page is laid out at the device's
 * real width and scaled down to the pane; the agent's outlines live inside the frame, so they
 * scale with it, and the browser maps clicks through the transform.
 */
export function PreviewStage({ src, attempt, size, frameRef, fill = false }: PreviewStageProps) {
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const room = useElementBox(box);
  // The frame's 1 px border sits outside the scaled page.
  const fit = fitFrame(size, { width: room.width - 2, height: room.height - 2 });
  return (
    <div className={clsx(styles.stage, fill && styles.fill)}>
      <p className={styles.scale} data-testid="preview-scale">
        {scaleLabel(size, fit.scale)}
      </p>
      <div className={styles.room} ref={setBox}>
        {src ? (
          <div
            className={styles.scaled}
            style={{ width: fit.scaledWidth, height: fit.scaledHeight }}
          >
            <iframe
              key={attempt}
              ref={frameRef}
              className={styles.frame}
              style={{
                width: fit.viewportWidth,
                height: fit.viewportHeight,
                transform: `scale(${fit.scale})`,
              }}
              sandbox="allow-scripts allow-forms"
              title="Live preview"
              data-viewport-width={fit.viewportWidth}
              data-scale={fit.scale}
              src={src}
            />
          </div>
        ) : null}
      </div>
    </div>
  );
}
