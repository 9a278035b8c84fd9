import type * as RadixMenuModule from '@radix-ui/react-dropdown-menu';
import clsx from 'clsx';
import {
  createContext,
  useContext,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { loadOnce } from '../lib/load-once';
import { logger } from '../lib/logger';
import styles from './dropdown-menu.module.css';

// Radix's menu (about 17 KB gzip with its positioning) loads on first use: hovering or pressing
// a trigger. Until then the trigger is a plain button of the same look; pressed before the
// module arrives, the menu opens once it has. Menu parts reach Radix through context, so the
// screens import this light module only.

type RadixMenu = typeof RadixMenuModule;
const radixMenu = loadOnce<RadixMenu>(() => import('@radix-ui/react-dropdown-menu'));

const Parts = createContext<RadixMenu | undefined>(undefined);
/** Before Radix loads: asks for it, and whether the menu should open when it arrives. */
const Request = createContext<(open: boolean) => void>(() => undefined);

function useParts(): RadixMenu {
  const parts = useContext(Parts);
  if (!parts) throw new Error('Menu parts render only inside a loaded DropdownMenu');
  return parts;
}

export function DropdownMenu({ children }: { children: ReactNode }) {
  const [parts, setParts] = useState(radixMenu.current);
  const [openFirst, setOpenFirst] = useState(false);
  if (parts) {
    return (
      <Parts.Provider value={parts}>
        <parts.Root defaultOpen={openFirst}>{children}</parts.Root>
      </Parts.Provider>
    );
  }
  const request = (open: boolean) => {
    if (open) setOpenFirst(true);
    radixMenu
      .load()
      .then(setParts, (error: unknown) => logger.warn('ui', 'The menu failed to load', error));
  };
  return <Request.Provider value={request}>{children}</Request.Provider>;
}

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

export function DropdownMenuTrigger(props: ComponentProps<'button'>) {
  const parts = useContext(Parts);
  const request = useContext(Request);
  if (parts) return <parts.Trigger {...props} />;
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      {...props}
      // Not when focused: the loaded trigger is a new button, and focus would be lost.
      onPointerEnter={(event) => {
        if (event.currentTarget !== document.activeElement) request(false);
      }}
      // On the press, as Radix's trigger opens: the module may arrive before the button is let
      // go, and the loaded trigger, a new button, would never see a click pressed on this one.
      onPointerDown={(event: PointerEvent) => {
        if (event.button === 0 && !event.ctrlKey) request(true);
      }}
      onClick={(event: MouseEvent) => {
        event.preventDefault();
        request(true);
      }}
      onKeyDown={(event: KeyboardEvent) => {
        if (!OPEN_KEYS.has(event.key)) return;
        event.preventDefault();
        request(true);
      }}
    />
  );
}

export function DropdownMenuContent({
  className,
  children,
  align = 'start',
  ...rest
}: ComponentProps<RadixMenu['Content']>) {
  const parts = useContext(Parts);
  if (!parts) return null;
  return (
    <parts.Portal>
      <parts.Content
        sideOffset={6}
        align={align}
        collisionPadding={8}
        {...rest}
        className={clsx(styles.content, className)}
      >
        {children}
      </parts.Content>
    </parts.Portal>
  );
}

interface ItemProps extends ComponentProps<RadixMenu['Item']> {
  icon?: ReactNode;
  danger?: boolean;
  trailing?: ReactNode;
}

export function DropdownMenuItem({
  icon,
  danger,
  trailing,
  className,
  children,
  ...rest
}: ItemProps) {
  const parts = useParts();
  return (
    <parts.Item {...rest} className={clsx(styles.item, danger && styles.danger, className)}>
      {icon ? <span className={styles.icon}>{icon}</span> : null}
      <span className={styles.text}>{children}</span>
      {trailing ? <span className={styles.trailing}>{trailing}</span> : null}
    </parts.Item>
  );
}

export function DropdownMenuLabel({ children }: { children: ReactNode }) {
  const parts = useParts();
  return <parts.Label className={styles.label}>{children}</parts.Label>;
}

export function DropdownMenuSeparator() {
  const parts = useParts();
  return <parts.Separator className={styles.separator} />;
}
