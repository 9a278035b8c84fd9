// User helpers, spec section 3 "User context".

/** Upper-cased first letters of the first two words; "" for an empty name. */
export function userInitials(realName: string | null | undefined): string {
  const words = (realName ?? '').trim().split(/\s+/u).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
}
