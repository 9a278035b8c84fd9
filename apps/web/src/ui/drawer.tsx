import {
  cloneElement,
  createContext,
  isValidElement,
  useContext,
  useEffect,
  useState,
  type ComponentProps,
  type ComponentType,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { loadOnce } from '../lib/load-once';
import { logger } from '../lib/logger';

export interface DrawerProps {
  /** The button that opens it, and gets focus back when it closes. */
  trigger: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Read by screen readers as the dialog's name; not shown unless `showsOwnTitle`. */
  title: string;
  /** The children show the title themselves, in a `DrawerTitle`. */
  showsOwnTitle?: boolean;
  /** The edge it slides in from: the left as wide as the sidebar, the right a 420 px panel. */
  side?: 'left' | 'right';
  children: ReactNode;
  'data-testid'?: string;
}

// The panel (Radix Dialog, about 10 KB gzip) loads on first use: hovering the trigger or opening
// the drawer. Until then the trigger is shown alone and opening it asks for the panel, which
// shows open once it has arrived (also when it came between the press and the release).

type Panel = ComponentType<DrawerProps>;
const panel = loadOnce<Panel>(async () => (await import('./drawer-panel')).DrawerPanel);

/** Set by the loaded panel: the dialog's own title part. */
export const DrawerTitleContext = createContext<ComponentType<ComponentProps<'h2'>> | undefined>(
  undefined,
);

/** The drawer's visible title, for a drawer with `showsOwnTitle`. */
export function DrawerTitle(props: ComponentProps<'h2'>) {
  const Title = useContext(DrawerTitleContext);
  return Title ? <Title {...props} /> : <h2 {...props} />;
}

export function Drawer(props: DrawerProps) {
  const [Loaded, setLoaded] = useState(() => panel.current);
  const { open, trigger, onOpenChange } = props;
  const request = () => {
    panel.load().then(
      (component) => setLoaded(() => component),
      (error: unknown) => logger.warn('ui', 'The drawer failed to load', error),
    );
  };
  useEffect(() => {
    if (open && !Loaded) request();
  });
  if (Loaded) return <Loaded {...props} />;
  if (!isValidElement(trigger)) return trigger;
  const element = trigger as ReactElement<ComponentProps<'button'>>;
  return cloneElement(element, {
    'aria-haspopup': 'dialog',
    'aria-expanded': false,
    onPointerEnter: (event: PointerEvent<HTMLButtonElement>) => {
      element.props.onPointerEnter?.(event);
      if (event.currentTarget !== document.activeElement) request();
    },
    onClick: (event: MouseEvent<HTMLButtonElement>) => {
      element.props.onClick?.(event);
      if (!event.defaultPrevented) onOpenChange(true);
    },
    // The panel may arrive between the press and the release (a tap asks for it as it lands):
    // its trigger is a new button, and the browser sends the click to their common parent.
    onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
      element.props.onPointerDown?.(event);
      const pressed = event.currentTarget;
      const press = new AbortController();
      const { signal } = press;
      const released = () => {
        press.abort();
        if (!pressed.isConnected) onOpenChange(true);
      };
      document.addEventListener('pointerup', released, { signal });
      // A touch that turns into a scroll ends in pointercancel: nothing opens then.
      document.addEventListener('pointercancel', () => press.abort(), { signal });
    },
  });
}
