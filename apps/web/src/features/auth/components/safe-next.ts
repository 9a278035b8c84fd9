/** Only in-app destinations, so `?next=` cannot send the user to another site. */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith('/admin')) return '/admin';
  if (next.startsWith('//') || next.includes('\\')) return '/admin';
  return next;
}

/** `path` carrying the current `?next=` on, so switching sign-in/sign-up keeps the destination. */
export function withNext(path: string, params: URLSearchParams): string {
  const next = params.get('next');
  return next ? `${path}?${new URLSearchParams({ next: safeNext(next) }).toString()}` : path;
}
