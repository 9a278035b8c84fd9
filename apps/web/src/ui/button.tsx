import clsx from 'clsx';
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router';
import { Spinner } from './spinner';
import styles from './button.module.css';

export type ButtonVariant = 'solid' | 'outline' | 'gradient' | 'link' | 'ghost' | 'ghost-inline';
export type ButtonColor = 'primary' | 'secondary' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonStyleProps {
  variant?: ButtonVariant;
  color?: ButtonColor;
  size?: ButtonSize;
  fullWidth?: boolean;
}

const variantClass: Record<ButtonVariant, string | undefined> = {
  solid: styles.solid,
  outline: styles.outline,
  gradient: styles.gradient,
  link: styles.link,
  ghost: styles.ghost,
  'ghost-inline': styles.ghostInline,
};

export function buttonClassName({
  variant = 'solid',
  color = 'primary',
  size = 'md',
  fullWidth = false,
}: ButtonStyleProps): string {
  return clsx(
    styles.button,
    variantClass[variant],
    styles[color],
    styles[size],
    fullWidth && styles.fullWidth,
  );
}

export interface ButtonProps
  extends ButtonStyleProps, Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color'> {
  loading?: boolean;
  loadingText?: string;
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant,
  color,
  size,
  fullWidth,
  loading = false,
  loadingText,
  icon,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={clsx(buttonClassName({ variant, color, size, fullWidth }), className)}
      disabled={disabled === true || loading}
      aria-busy={loading || undefined}
      data-loading={loading || undefined}
    >
      {loading ? <Spinner size="sm" /> : icon}
      {loading && loadingText ? loadingText : children}
    </button>
  );
}

export interface ButtonLinkProps extends ButtonStyleProps, Omit<LinkProps, 'color'> {
  icon?: ReactNode;
}

/** Navigation that looks like a button; keeps link semantics for accessibility. */
export function ButtonLink({
  variant,
  color,
  size,
  fullWidth,
  icon,
  className,
  children,
  ...rest
}: ButtonLinkProps) {
  return (
    <Link
      {...rest}
      className={clsx(buttonClassName({ variant, color, size, fullWidth }), className)}
    >
      {icon}
      {children}
    </Link>
  );
}
