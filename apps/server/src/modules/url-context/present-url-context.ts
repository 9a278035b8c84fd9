import type { UrlContextView } from '@kindling/domain';
import type { UrlContextRow } from './repo';

const wordsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((word): word is string => typeof word === 'string') : [];

/** The page's key and its context; null (and no dates) when none is saved. */
export function presentUrlContext(url: string, row: UrlContextRow | undefined): UrlContextView {
  if (!row) return { url, context: null, updatedAt: null, updatedBy: null };
  return {
    url,
    context: {
      offer: row.offer,
      audience: row.audience,
      voice: row.voice,
      avoidWords: wordsOf(row.avoidWords),
    },
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}
