const MENU_COLLAPSED_KEY = 'kindling.menuCollapsed';

/** The collapsed state remembered on this device, or null when never set here. */
export function readMenuCollapsed(): boolean | null {
  const stored = localStorage.getItem(MENU_COLLAPSED_KEY);
  return stored === null ? null : stored === 'true';
}

export function writeMenuCollapsed(collapsed: boolean): void {
  localStorage.setItem(MENU_COLLAPSED_KEY, String(collapsed));
}
