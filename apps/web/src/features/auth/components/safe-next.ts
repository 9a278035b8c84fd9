/** Only in-app destinations, so `?next=` cannot send the user to another site. */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith('/admin')) return '/admin';
  if (next.startsWith('//') || next.includes('\\')) return '/admin';
  return next;
}
