import { CONTEXT_REQUEST_TIMEOUT_MS } from '@kindling/domain';
import {
  PREVIEW_CHANNEL,
  type ElementDescription,
  type FromPreviewMessage,
  type ToPreviewMessage,
} from '@kindling/page-runtime';
import { parseFromPreviewMessage } from './parse-preview-message';

type PreviewMessageType = FromPreviewMessage['type'];
export type PreviewMessageOf<T extends PreviewMessageType> = Extract<
  FromPreviewMessage,
  { type: T }
>;
type Handler<T extends PreviewMessageType> = (message: PreviewMessageOf<T>) => void;

interface MessageLike {
  source: unknown;
  data: unknown;
}

/** The window the frame posts to; narrowed so tests can stand in for it. */
export interface MessageHost {
  addEventListener(type: 'message', listener: (event: MessageLike) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageLike) => void): void;
}

export interface FrameLike {
  readonly contentWindow: { postMessage(message: unknown, targetOrigin: string): void } | null;
}

export interface PreviewClientOptions {
  frame: FrameLike;
  host?: MessageHost;
  timeoutMs?: number;
}

export interface PreviewClient {
  send(message: ToPreviewMessage): void;
  /** The element at `selector`; rejects with the agent's error (e.g. a stale selector). */
  requestContext(selector: string): Promise<ElementDescription>;
  on<T extends PreviewMessageType>(type: T, handler: Handler<T>): () => void;
  dispose(): void;
}

export const CONTEXT_TIMEOUT_MESSAGE = 'The preview did not answer in time';

interface Pending {
  resolve: (element: ElementDescription) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

let lastRequest = 0;
const nextRequestId = (): string => {
  lastRequest += 1;
  return `ctx-${lastRequest}-${Math.random().toString(36).slice(2, 8)}`;
};

export function createPreviewClient({
  frame,
  host = window,
  timeoutMs = CONTEXT_REQUEST_TIMEOUT_MS,
}: PreviewClientOptions): PreviewClient {
  const handlers = new Map<PreviewMessageType, Set<(message: FromPreviewMessage) => void>>();
  const pending = new Map<string, Pending>();

  const settle = (requestId: string, outcome: { element: ElementDescription } | Error) => {
    const request = pending.get(requestId);
    if (!request) return;
    pending.delete(requestId);
    clearTimeout(request.timer);
    if (outcome instanceof Error) request.reject(outcome);
    else request.resolve(outcome.element);
  };

  // Only the frame we own may speak: any other window could post look-alike messages.
  const listener = (event: MessageLike) => {
    if (frame.contentWindow === null || event.source !== frame.contentWindow) return;
    const message = parseFromPreviewMessage(event.data);
    if (!message) return;
    if (message.type === 'context') {
      settle(
        message.requestId,
        'element' in message ? { element: message.element } : new Error(message.error),
      );
    }
    handlers.get(message.type)?.forEach((handler) => handler(message));
  };
  host.addEventListener('message', listener);

  const send = (message: ToPreviewMessage) => {
    // The sandboxed frame has an opaque origin, which no targetOrigin but "*" can name.
    frame.contentWindow?.postMessage({ ...message, channel: PREVIEW_CHANNEL }, '*');
  };

  return {
    send,
    requestContext(selector) {
      const requestId = nextRequestId();
      const answer = new Promise<ElementDescription>((resolve, reject) => {
        const timer = setTimeout(
          () => settle(requestId, new Error(CONTEXT_TIMEOUT_MESSAGE)),
          timeoutMs,
        );
        pending.set(requestId, { resolve, reject, timer });
      });
      send({ type: 'context', selector, requestId });
      return answer;
    },
    on(type, handler) {
      const set = handlers.get(type) ?? new Set();
      handlers.set(type, set);
      const entry = handler as (message: FromPreviewMessage) => void;
      set.add(entry);
      return () => set.delete(entry);
    },
    dispose() {
      host.removeEventListener('message', listener);
      for (const requestId of [...pending.keys()]) {
        settle(requestId, new Error('The preview was closed'));
      }
      handlers.clear();
    },
  };
}
