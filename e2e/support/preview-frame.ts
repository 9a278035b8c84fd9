import type { Page } from 'playwright-core';

/** The agent's element description (page-runtime's ElementDescription), as the tests read it. */
export interface DescribedElement {
  selector: string;
  type: string;
  text: string;
  src?: string;
  dimensions: { width: number; height: number };
  domStats: Record<
    | 'textColor'
    | 'backgroundColor'
    | 'fontSize'
    | 'borderColor'
    | 'borderWidth'
    | 'padding'
    | 'borderRadius',
    Record<string, number>[]
  >;
}

/** What the app page records of the preview frame's postMessage traffic. */
export interface SeenMessage {
  origin: string;
  fromFrame: boolean;
  data: { type: string; [key: string]: unknown };
}

/**
 * Puts a sandboxed preview iframe on an app page, as the editor pane will, and records every
 * preview-channel message the page receives.
 */
export async function openPreviewFrame(page: Page, src: string): Promise<void> {
  await page.evaluate((frameSrc) => {
    const state = window as unknown as {
      previewMessages: SeenMessage[];
      previewFrame: HTMLIFrameElement;
    };
    document.getElementById('kindling-test-preview')?.remove();
    state.previewMessages = [];
    const frame = document.createElement('iframe');
    frame.id = 'kindling-test-preview';
    frame.setAttribute('sandbox', 'allow-scripts allow-forms');
    frame.style.cssText =
      'position:fixed;inset:0;width:100vw;height:100vh;border:0;z-index:99999;background:#fff';
    window.addEventListener('message', (event: MessageEvent) => {
      const data = event.data as { channel?: string } | null;
      if (data?.channel !== 'kindling-preview') return;
      state.previewMessages.push({
        origin: event.origin,
        fromFrame: event.source === frame.contentWindow,
        data: data as SeenMessage['data'],
      });
    });
    frame.src = frameSrc;
    state.previewFrame = frame;
    document.body.append(frame);
  }, src);
}

export function previewMessages(page: Page): Promise<SeenMessage[]> {
  return page.evaluate(
    () => (window as unknown as { previewMessages: SeenMessage[] }).previewMessages,
  );
}

/** The frame is sandboxed into an opaque origin, which no targetOrigin but "*" can name. */
export async function sendToPreview(page: Page, message: Record<string, unknown>): Promise<void> {
  await page.evaluate((payload) => {
    const frame = (window as unknown as { previewFrame: HTMLIFrameElement }).previewFrame;
    frame.contentWindow?.postMessage({ channel: 'kindling-preview', ...payload }, '*');
  }, message);
}

export async function waitForMessage(
  page: Page,
  match: (message: SeenMessage) => boolean,
  timeoutMs = 15_000,
): Promise<SeenMessage> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await previewMessages(page)).find(match);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(
    `no matching preview message in ${timeoutMs} ms: ${JSON.stringify(await previewMessages(page))}`,
  );
}

let requests = 0;

/** Sends a request carrying a requestId and resolves with the frame's answer to it. */
export async function askPreview(
  page: Page,
  message: Record<string, unknown>,
): Promise<SeenMessage['data']> {
  requests += 1;
  const requestId = `r${requests}`;
  await sendToPreview(page, { ...message, requestId });
  return (await waitForMessage(page, (seen) => seen.data.requestId === requestId)).data;
}
