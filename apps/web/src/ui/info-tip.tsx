import clsx from 'clsx';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import styles from './info-tip.module.css';

const GAP = 6;
const EDGE = 8;

/**
 * A small "i" button that explains what sits next to it. The text is the button's description
 * (aria-describedby), so screen readers read it on focus; sighted people see it on hover, on
 * focus, or by tapping (phones). Escape or a tap elsewhere closes it. It is drawn with fixed
 * positioning, so a scrolling table around it does not clip it, and follows its button.
 */
export function InfoTip({
  label,
  children,
  className,
  icon,
  'data-testid': testId,
}: {
  /** The button's name: "About uplift". */
  label: string;
  children: ReactNode;
  className?: string;
  /** What the button shows instead of the "i" (a figure, say). */
  icon?: ReactNode;
  'data-testid'?: string;
}) {
  const id = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const tip = useRef<HTMLSpanElement>(null);
  const [hovered, setHovered] = useState(false);
  const [pinned, setPinned] = useState(false);
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);
  const open = hovered || pinned;

  const placeTip = useCallback(() => {
    if (!trigger.current || !tip.current) return;
    const anchor = trigger.current.getBoundingClientRect();
    const box = tip.current.getBoundingClientRect();
    const below = anchor.bottom + GAP;
    const top =
      below + box.height > window.innerHeight - EDGE && anchor.top - GAP - box.height > EDGE
        ? anchor.top - GAP - box.height
        : below;
    const centred = anchor.left + anchor.width / 2 - box.width / 2;
    const left = Math.max(EDGE, Math.min(centred, window.innerWidth - box.width - EDGE));
    setPlace({ top, left });
  }, []);

  useLayoutEffect(() => {
    if (open) placeTip();
  }, [open, placeTip]);

  useEffect(() => {
    if (!open) return;
    const close = () => {
      setHovered(false);
      setPinned(false);
      setPlace(null);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    const onPointer = (event: PointerEvent) => {
      if (!trigger.current?.contains(event.target as Node)) close();
    };
    // Fixed to the viewport: it follows its button when the page or a table scrolls.
    window.addEventListener('keydown', onKey);
    window.addEventListener('scroll', placeTip, true);
    window.addEventListener('resize', placeTip);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', placeTip, true);
      window.removeEventListener('resize', placeTip);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, placeTip]);

  return (
    <span className={clsx(styles.wrap, className)}>
      <button
        ref={trigger}
        type="button"
        className={clsx(styles.trigger, icon !== undefined && styles.custom)}
        aria-label={label}
        aria-describedby={id}
        aria-expanded={pinned}
        data-testid={testId}
        onClick={() => setPinned((value) => !value)}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => {
          setHovered(false);
          if (!pinned) setPlace(null);
        }}
        onFocus={() => setHovered(true)}
        onBlur={() => {
          setHovered(false);
          setPinned(false);
          setPlace(null);
        }}
      >
        {icon ?? (
          <svg width={14} height={14} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <path d="M12 11v6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            <circle cx="12" cy="7.5" r="1.3" fill="currentColor" />
          </svg>
        )}
      </button>
      <span
        ref={tip}
        id={id}
        role="tooltip"
        hidden={!open}
        className={styles.tip}
        style={place ? { top: place.top, left: place.left } : { visibility: 'hidden' }}
      >
        {children}
      </span>
    </span>
  );
}
