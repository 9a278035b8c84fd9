// Where the app may go after signing in (issue 33 shares it with the server's sign-on).

/**
 * Only in-app destinations, so a `?next=` (the sign-in page's, a sign-on's) cannot send anyone
 * to another site.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/admin')) return '/admin';
  if (next.startsWith('//') || next.includes('\\')) return '/admin';
  return next;
}
