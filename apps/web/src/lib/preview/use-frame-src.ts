import { useEffect, useState } from 'react';
import { api } from '../api-client';

const PAGE_PATH = '/api/preview/page';

/**
 * The proxy address for `url`, fetched afresh per attempt. The iframe cannot send a bearer
 * header, so the app asks for a ticket bound to this URL and session and frames the page with
 * the ticket alone: no access token ever appears in an address. Without a ticket the proxy
 * answers its own "sign in again" page inside the frame.
 */
export function useFrameSrc(url: string | undefined, attempt: number): string | undefined {
  const [src, setSrc] = useState<{ attempt: number; value: string }>();

  useEffect(() => {
    if (url === undefined) return undefined;
    let current = true;
    void api
      .post<{ src: string }>('/api/preview/ticket', { url })
      .then(
        (answer) => answer.src,
        () => `${PAGE_PATH}?${new URLSearchParams({ url }).toString()}`,
      )
      .then((value) => {
        if (current) setSrc({ attempt, value });
      });
    return () => {
      current = false;
    };
  }, [url, attempt]);

  return src?.attempt === attempt ? src.value : undefined;
}
