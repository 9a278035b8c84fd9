import type { ReactNode } from 'react';
import { Button, type ButtonStyleProps } from './button';
import { toastError, toastSuccess } from './toast';

/** Copies `text` to the clipboard and says so; a refusal (e.g. plain-http pages) is shown. */
export function CopyButton({
  text,
  children = 'Copy',
  ...style
}: ButtonStyleProps & { text: string; children?: ReactNode }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toastSuccess('Copied');
    } catch (error) {
      toastError(error);
    }
  }
  return (
    <Button size="sm" {...style} onClick={() => void copy()}>
      {children}
    </Button>
  );
}
