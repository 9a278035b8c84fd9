import { PREVIEW_CHANNEL, STALE_SELECTOR_ERROR } from '@kindling/page-runtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTEXT_TIMEOUT_MESSAGE, createPreviewClient, type MessageHost } from './preview-client';

type Listener = (event: { source: unknown; data: unknown }) => void;

const heading = {
  selector: 'h1',
  type: 'text',
  tagName: 'H1',
  clickable: false,
  text: 'Hello',
  html: 'Hello',
  dimensions: { width: 600, height: 58 },
  domStats: {
    textColor: [{ value: 0x0f172aff }],
    backgroundColor: [],
    fontSize: [{ size: 48 }],
    borderColor: [],
    borderWidth: [{ width: 0 }],
    padding: [{ top: 0, right: 0, bottom: 0, left: 0 }],
    borderRadius: [{ topLeft: 0, topRight: 0, bottomLeft: 0, bottomRight: 0 }],
  },
};

function setup() {
  const listeners = new Set<Listener>();
  const host: MessageHost = {
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
  };
  const contentWindow = { postMessage: vi.fn() };
  const client = createPreviewClient({ frame: { contentWindow }, host, timeoutMs: 1_000 });
  const post = (data: Record<string, unknown>, source: unknown = contentWindow) =>
    listeners.forEach((listener) =>
      listener({ source, data: { channel: PREVIEW_CHANNEL, ...data } }),
    );
  const lastSent = () =>
    contentWindow.postMessage.mock.lastCall as [Record<string, unknown>, string];
  return { client, post, lastSent, listeners, contentWindow };
}

describe('preview client', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends tagged messages to the frame with targetOrigin "*"', () => {
    const { client, lastSent } = setup();
    client.send({ type: 'mode', mode: 'EditElements', interaction: 'selecting' });
    expect(lastSent()).toEqual([
      { type: 'mode', mode: 'EditElements', interaction: 'selecting', channel: PREVIEW_CHANNEL },
      '*',
    ]);
  });

  it('emits typed events only for well-formed messages from its own frame', () => {
    const { client, post } = setup();
    const seen: string[] = [];
    client.on('ready', () => seen.push('ready'));
    client.on('error', ({ message }) => seen.push(`error:${message}`));
    client.on('pick', ({ element }) => seen.push(`pick:${element.selector}`));
    post({ type: 'ready' }, { postMessage: () => undefined });
    post({ type: 'error', message: 42 });
    post({ type: 'pick', element: { ...heading, dimensions: null } });
    expect(seen).toEqual([]);
    post({ type: 'ready' });
    post({ type: 'error', message: 'Boom' });
    post({ type: 'pick', element: heading });
    expect(seen).toEqual(['ready', 'error:Boom', 'pick:h1']);
  });

  it('ignores messages without the preview channel tag', () => {
    const { client, listeners, contentWindow } = setup();
    const ready = vi.fn();
    client.on('ready', ready);
    listeners.forEach((listener) => listener({ source: contentWindow, data: { type: 'ready' } }));
    expect(ready).not.toHaveBeenCalled();
  });

  it('resolves a context request with the element answered for its requestId', async () => {
    const { client, post, lastSent } = setup();
    const answer = client.requestContext('h1');
    const { requestId, selector } = lastSent()[0];
    expect(selector).toBe('h1');
    post({ type: 'context', requestId: 'someone-else', element: { ...heading, selector: 'p' } });
    post({ type: 'context', requestId, element: heading });
    await expect(answer).resolves.toMatchObject({ selector: 'h1', text: 'Hello' });
  });

  it('rejects with the stale-selector error the agent sends', async () => {
    const { client, post, lastSent } = setup();
    const answer = client.requestContext('#gone');
    post({ type: 'context', requestId: lastSent()[0].requestId, error: STALE_SELECTOR_ERROR });
    await expect(answer).rejects.toThrow("Tried to select a preview element that doesn't exist");
  });

  it('times out, and a late answer changes nothing', async () => {
    const { client, post, lastSent } = setup();
    const answer = client.requestContext('h1');
    const assertion = expect(answer).rejects.toThrow(CONTEXT_TIMEOUT_MESSAGE);
    vi.advanceTimersByTime(1_000);
    await assertion;
    post({ type: 'context', requestId: lastSent()[0].requestId, element: heading });
  });

  it('stops listening and rejects pending requests on dispose', async () => {
    const { client, listeners } = setup();
    const answer = client.requestContext('h1');
    client.dispose();
    await expect(answer).rejects.toThrow('The preview was closed');
    expect(listeners.size).toBe(0);
  });
});
