import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import clsx from 'clsx';
import type { ComponentProps, ReactNode } from 'react';
import styles from './dropdown-menu.module.css';

export const DropdownMenu = RadixMenu.Root;
export const DropdownMenuTrigger = RadixMenu.Trigger;

export function DropdownMenuContent({
  className,
  children,
  align = 'start',
  ...rest
}: ComponentProps<typeof RadixMenu.Content>) {
  return (
    <RadixMenu.Portal>
      <RadixMenu.Content
        sideOffset={6}
        align={align}
        collisionPadding={8}
        {...rest}
        className={clsx(styles.content, className)}
      >
        {children}
      </RadixMenu.Content>
    </RadixMenu.Portal>
  );
}

interface ItemProps extends ComponentProps<typeof RadixMenu.Item> {
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
  return (
    <RadixMenu.Item {...rest} className={clsx(styles.item, danger && styles.danger, className)}>
      {icon ? <span className={styles.icon}>{icon}</span> : null}
      <span className={styles.text}>{children}</span>
      {trailing ? <span className={styles.trailing}>{trailing}</span> : null}
    </RadixMenu.Item>
  );
}

export function DropdownMenuLabel({ children }: { children: ReactNode }) {
  return <RadixMenu.Label className={styles.label}>{children}</RadixMenu.Label>;
}

export function DropdownMenuSeparator() {
  return <RadixMenu.Separator className={styles.separator} />;
}
