import { describeElement } from './describe-element';
import { isClickable, nearest } from './element-kind';
import type { ElementFingerprint } from '@kindling/domain';
import { locateElements } from './locate';
import { previewMove } from './move-element';
import { applyMutation } from './mutations';
import { pageMetaOf, type ProxyFacts } from './page-meta-of';
import type { CssMutation, PageMutation, Undo } from './mutation-types';
import { createOverlay, OVERLAY_TAG } from './overlay';
import { selectableIn } from './pick-rules';
import { replayClicks } from './replay-clicks';
import { sanitizeHtml } from './sanitize-html';
import { uniqueSelector } from './selector';
import {
  parseToPreviewMessage,
  PREVIEW_CHANNEL,
  STALE_SELECTOR_ERROR,
  type FromPreviewMessage,
  type InteractionMode,
  type PageHttpStatus,
  type PreviewMode,
  type ToPreviewMessage,
} from './protocol';

export interface PreviewAgentOptions {
  /** The editor's origin: the only one messages go to and are accepted from. */
  parentOrigin: string;
  /** The site's HTTP answer, as the proxy saw it. */
  httpStatus?: PageHttpStatus;
  /** The proxy's fetch: with it the agent reports the page's meta once it has loaded. */
  page?: ProxyFacts;
  /** Elements the proxy added to the page (its <base>), left out of the element count. */
  addedElements?: readonly Element[];
}

interface AppliedChange {
  selectors: string[];
  undo: Undo;
}

const POINTER_EVENTS = ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'dblclick'] as const;

/** The agent inside the proxied page: answers the editor and lets the user pick elements. */
export function startPreviewAgent({
  parentOrigin,
  httpStatus,
  page,
  addedElements = [],
}: PreviewAgentOptions): {
  stop(): void;
} {
  const overlay = createOverlay();
  const changes: AppliedChange[] = [];
  let mode: PreviewMode = 'EditElements';
  let interaction: InteractionMode = 'default';
  let highlight: string[] = [];
  /** Fingerprints of the campaign's elements, by selector (sent by the editor). */
  const fingerprints = new Map<string, ElementFingerprint>();
  /** True while the agent clicks recorded selectors itself: those clicks are not the person's. */
  let replaying = false;
  let metaSent = false;

  const locate = (selector: string): Element[] =>
    locateElements(selector, fingerprints.get(selector));

  const send = (message: FromPreviewMessage) =>
    window.parent.postMessage({ channel: PREVIEW_CHANNEL, ...message }, parentOrigin);

  const pickable = (event: Event): Element | undefined => {
    const accept = interaction === 'selecting' ? selectableIn(mode) : undefined;
    if (!accept) return undefined;
    const path = event
      .composedPath()
      .filter((target) => !(target instanceof Element && target.localName === OVERLAY_TAG));
    return nearest(path, accept);
  };

  // The clicked control (the close button rather than the icon inside it) names the click.
  const recordPopupClick = (event: Event) => {
    const path = event.composedPath().filter((target) => target instanceof Element);
    const target = nearest(path, isClickable) ?? path[0];
    if (!(target instanceof Element) || target.localName === OVERLAY_TAG) return;
    send({ type: 'popupClick', selector: uniqueSelector(target) });
  };

  const showHighlights = () => {
    if (mode === 'CampaignPreview')
      overlay.show(
        'highlight',
        highlight.flatMap((selector) => locate(selector)),
      );
    else overlay.clear('highlight');
  };

  const applyChange = (message: PageMutation & { requestId?: string }) => {
    const { requestId, ...mutation } = message;
    const applied =
      mutation.type === 'move'
        ? previewMove(mutation, locate)
        : applyMutation(mutation, sanitizeHtml, locate);
    const selectors = mutation.type === 'hideElement' ? mutation.selectors : [mutation.selector];
    changes.push({ selectors, undo: applied.undo });
    overlay.refresh();
    if (requestId !== undefined) send({ type: 'applied', requestId, count: applied.count });
  };

  /** A variant's stylesheet, in the head until the change is reset. */
  const showStylesheet = (message: CssMutation & { requestId?: string }) => {
    const style = document.createElement('style');
    style.textContent = message.css;
    document.head.append(style);
    changes.push({ selectors: [message.selector], undo: () => style.remove() });
    const count = locate(message.selector).length;
    if (message.requestId !== undefined)
      send({ type: 'applied', requestId: message.requestId, count });
  };

  const reset = (selector: string | undefined) => {
    for (let index = changes.length - 1; index >= 0; index--) {
      const change = changes[index];
      if (change && (selector === undefined || change.selectors.includes(selector))) {
        change.undo();
        changes.splice(index, 1);
      }
    }
    overlay.refresh();
  };

  const handle = (message: ToPreviewMessage) => {
    switch (message.type) {
      case 'context': {
        const [element] = locate(message.selector);
        send(
          element
            ? { type: 'context', requestId: message.requestId, element: describeElement(element) }
            : { type: 'context', requestId: message.requestId, error: STALE_SELECTOR_ERROR },
        );
        return;
      }
      case 'focus': {
        const [element] = locate(message.selector);
        element?.scrollIntoView({ block: 'center', inline: 'nearest' });
        if (element) overlay.show('focus', [element]);
        else overlay.clear('focus');
        return;
      }
      case 'fingerprint':
        fingerprints.set(message.selector, message.fingerprint);
        showHighlights();
        return;
      case 'mode':
        ({ mode, interaction } = message);
        highlight = message.highlight ?? [];
        overlay.clear('hover');
        showHighlights();
        return;
      case 'reset':
        reset(message.selector);
        return;
      case 'replayClicks':
        void replayClicks(message.selectors, {
          around: (click) => {
            replaying = true;
            try {
              click();
            } finally {
              replaying = false;
            }
          },
        }).then((clicked) => send({ type: 'replayed', clicked }));
        return;
      case 'textValue':
      case 'textColor':
      case 'fontSize':
      case 'backgroundColor':
      case 'borderColor':
      case 'borderWidth':
      case 'padding':
      case 'borderRadius':
      case 'imageSrc':
      case 'replaceContent':
      case 'hideElement':
      case 'layout':
      case 'link':
      case 'attribute':
      case 'insert':
      case 'move':
        applyChange(message);
        return;
      case 'redirect':
        // A split-URL variant is another page: the editor names its address, the preview keeps
        // the page being edited (following it would leave the editor's page).
        return;
      case 'css':
        showStylesheet(message);
        return;
      case 'code':
        // Not run in the editor: its effects could not be undone. Preview links run it.
        return;
    }
  };

  const listeners: [EventTarget, string, (event: Event) => void][] = [
    [
      window,
      'message',
      (event) => {
        const { source, origin, data } = event as MessageEvent<unknown>;
        // The page's own scripts share this frame; only the embedding editor may command it.
        if (source !== window.parent || origin !== parentOrigin) return;
        const message = parseToPreviewMessage(data);
        if (message) handle(message);
      },
    ],
    [
      window,
      'pointermove',
      (event) => {
        const element = pickable(event);
        if (element) overlay.show('hover', [element]);
        else overlay.clear('hover');
      },
    ],
    [
      window,
      'click',
      (event) => {
        if (replaying) return;
        if (mode === 'ClosePopups' && event.isTrusted) recordPopupClick(event);
        const element = pickable(event);
        if (element) {
          event.preventDefault();
          event.stopImmediatePropagation();
          const description = describeElement(element);
          if (description.fingerprint) {
            fingerprints.set(description.selector, description.fingerprint);
          }
          send({ type: 'pick', element: description });
          return;
        }
        // <base> points at the original site, so following any link (even "#top") would leave
        // the proxy and with it the agent; in-page anchors are scrolled to by hand.
        const link = nearest(event.composedPath(), (target) => target instanceof HTMLAnchorElement);
        if (link instanceof HTMLAnchorElement && link.href) {
          event.preventDefault();
          if (isInPageLink(link)) scrollToFragment(link.hash);
        }
      },
    ],
    ...POINTER_EVENTS.map((type): [EventTarget, string, (event: Event) => void] => [
      window,
      type,
      (event) => {
        if (!replaying && pickable(event)) event.stopImmediatePropagation();
      },
    ]),
    [window, 'submit', (event) => event.preventDefault()],
    [window, 'scroll', () => overlay.refresh()],
    [window, 'resize', () => overlay.refresh()],
    [
      window,
      'load',
      (event) => {
        // Images' load events pass through this capturing listener too; the page's is the document's.
        if (page && !metaSent && event.target === document) {
          metaSent = true;
          const ownElements =
            document.getElementsByTagName(OVERLAY_TAG).length +
            addedElements.filter((element) => element.isConnected).length;
          send({
            type: 'pageMeta',
            meta: pageMetaOf({
              doc: document,
              facts: page,
              loadMs: performance.now(),
              ownElements,
            }),
          });
        }
        send({ type: 'load' });
      },
    ],
    [
      window,
      'error',
      (event) => send({ type: 'error', message: errorText((event as ErrorEvent).message) }),
    ],
    [
      window,
      'unhandledrejection',
      (event) =>
        send({
          type: 'error',
          message: errorText(String((event as PromiseRejectionEvent).reason)),
        }),
    ],
  ];
  for (const [target, type, listener] of listeners) {
    target.addEventListener(type, listener, { capture: true });
  }
  send(httpStatus ? { type: 'ready', httpStatus } : { type: 'ready' });

  return {
    stop() {
      for (const [target, type, listener] of listeners) {
        target.removeEventListener(type, listener, { capture: true });
      }
      overlay.host.remove();
    },
  };
}

function isInPageLink(link: HTMLAnchorElement): boolean {
  return link.hash !== '' && link.href.split('#')[0] === document.baseURI.split('#')[0];
}

function scrollToFragment(hash: string): void {
  const id = decodeURIComponent(hash.slice(1));
  (document.getElementById(id) ?? document.getElementsByName(id)[0])?.scrollIntoView();
}

const errorText = (message: string | undefined): string =>
  (message || 'Script error').slice(0, 500);
