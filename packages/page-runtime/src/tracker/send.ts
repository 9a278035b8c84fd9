import { sendAgainAfter, type SendAgain } from './queue';

/**
 * Posts a batch to /api/collect with `fetch(..., { keepalive: true })`, which outlives the page
 * like `sendBeacon` does and also tells us the status, so a failed batch stays queued. Cross-origin requests carry no cookies by default. The body
 * is a string, so it goes as text/plain: a CORS "simple" request, without a preflight.
 */
export const sender =
  (url: string) =>
  async (events: unknown[]): Promise<SendAgain> => {
    const response = await fetch(url, {
      method: 'POST',
      body: JSON.stringify({ events }),
      keepalive: true,
    });
    return sendAgainAfter(response.status);
  };
