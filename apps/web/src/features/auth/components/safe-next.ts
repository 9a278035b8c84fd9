import { safeNext } from '@kindling/domain';

export { safeNext };

/** `path` carrying the current `?next=` on, so switching sign-in/sign-up keeps the destination. */
export function withNext(path: string, params: URLSearchParams): string {
  const next = params.get('next');
  return next ? `${path}?${new URLSearchParams({ next: safeNext(next) }).toString()}` : path;
}
