import { useEffect, useState } from 'react';
import { getAccessToken } from '../session';

/**
 * The proxy address for `url`, fetched afresh per attempt: the iframe cannot send a bearer
 * header, so the (possibly refreshed) access token rides in the query once.
 */
export function useFrameSrc(url: string | undefined, attempt: number): string | undefined {
  const [src, setSrc] = useState<{ attempt: number; value: string }>();

  useEffect(() => {
    if (url === undefined) return undefined;
    let current = true;
    void getAccessToken()
      .catch(() => null)
      .then((token) => {
        if (!current) return;
        const query = new URLSearchParams({ url, ...(token ? { token } : {}) });
        setSrc({ attempt, value: `/api/preview/page?${query.toString()}` });
      });
    return () => {
      current = false;
    };
  }, [url, attempt]);

  return src?.attempt === attempt ? src.value : undefined;
}
