// Outlines drawn over the page without touching its DOM tree or CSS: a closed shadow root on
// a custom element appended to <html>, positioned boxes inside it, no pointer events.

export type OutlineKind = 'hover' | 'focus' | 'highlight';

const COLORS: Record<OutlineKind, string> = {
  hover: '#2563eb',
  focus: '#f97316',
  highlight: '#16a34a',
};

export const OVERLAY_TAG = 'kindling-preview-overlay';

export interface Overlay {
  host: HTMLElement;
  show(kind: OutlineKind, elements: readonly Element[]): void;
  clear(kind: OutlineKind): void;
  /** Re-measures after scroll and resize. */
  refresh(): void;
}

export function createOverlay(): Overlay {
  const host = document.createElement(OVERLAY_TAG);
  host.style.cssText =
    'all: initial; position: fixed; inset: 0; pointer-events: none; z-index: 2147483647;';
  const shadow = host.attachShadow({ mode: 'closed' });
  const targets = new Map<OutlineKind, readonly Element[]>();
  const boxes = new Map<OutlineKind, HTMLElement[]>();

  const draw = (kind: OutlineKind) => {
    for (const box of boxes.get(kind) ?? []) box.remove();
    const drawn = (targets.get(kind) ?? []).map((element) => {
      const rect = element.getBoundingClientRect();
      const box = document.createElement('div');
      box.dataset.outline = kind;
      box.style.cssText = `position: fixed; box-sizing: border-box; pointer-events: none;
        left: ${rect.left - 2}px; top: ${rect.top - 2}px; width: ${rect.width + 4}px; height: ${rect.height + 4}px;
        border: 2px ${kind === 'highlight' ? 'dashed' : 'solid'} ${COLORS[kind]}; border-radius: 3px;`;
      shadow.append(box);
      return box;
    });
    boxes.set(kind, drawn);
  };

  return {
    host,
    show(kind, elements) {
      if (!host.isConnected) document.documentElement.append(host);
      targets.set(kind, elements);
      draw(kind);
    },
    clear(kind) {
      targets.delete(kind);
      draw(kind);
    },
    refresh() {
      for (const kind of targets.keys()) draw(kind);
    },
  };
}
