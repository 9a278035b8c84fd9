import clsx from 'clsx';
import { useState } from 'react';
import { useElementBox } from '../../../lib/use-element-box';
import styles from './page-frame.module.css';

interface PageFrameProps {
  html: string;
  /** The width the page is laid out at (its media queries see this), then scaled to the box. */
  viewportWidth: number;
  title: string;
  /** A thumbnail: not focusable, not clickable, hidden from assistive tech. */
  thumbnail?: boolean;
  className?: string;
}

/**
 * A rendered page in a frame sandboxed with no permissions at all: no script runs, forms do not
 * submit, and the page gets an opaque origin, so nothing in it can reach the app.
 */
export function PageFrame({
  html,
  viewportWidth,
  title,
  thumbnail = false,
  className,
}: PageFrameProps) {
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const room = useElementBox(box);
  const scale = room.width > 0 ? Math.min(1, room.width / viewportWidth) : 1;
  return (
    <div ref={setBox} className={clsx(styles.box, className)}>
      {room.width > 0 ? (
        <iframe
          className={clsx(styles.frame, thumbnail && styles.thumbnail)}
          sandbox=""
          referrerPolicy="no-referrer"
          title={title}
          srcDoc={html}
          tabIndex={thumbnail ? -1 : undefined}
          aria-hidden={thumbnail || undefined}
          data-viewport-width={viewportWidth}
          style={{
            width: viewportWidth,
            height: Math.round(room.height / scale),
            transform: `scale(${scale})`,
          }}
        />
      ) : null}
    </div>
  );
}
