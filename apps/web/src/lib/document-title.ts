import { useEffect } from 'react';
import { config } from './config';

export function formatTitle(screen?: string): string {
  return screen ? `${screen} · ${config.brand}` : config.brand;
}

/** Sets document.title for the current screen, e.g. "Campaigns · Kindling". */
export function useDocumentTitle(screen?: string): void {
  useEffect(() => {
    document.title = formatTitle(screen);
  }, [screen]);
}
