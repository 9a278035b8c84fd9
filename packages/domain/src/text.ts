// Rules for every piece of text a request may carry (one rule per field, used by every route).

/** White space and characters that show nothing: zero-width space and joiners, word joiner,
 * BOM, soft hyphen, Mongolian vowel separator. */
const INVISIBLE = '\\s\\u00AD\\u180E\\u200B-\\u200D\\u2060\\uFEFF';
const EDGES = new RegExp(`^[${INVISIBLE}]+|[${INVISIBLE}]+$`, 'gu');
const ONLY_INVISIBLE = new RegExp(`^[${INVISIBLE}]*$`, 'u');

/** Trims white space and invisible characters from both ends. */
export function trimText(text: string): string {
  return text.replace(EDGES, '');
}

/** True when nothing visible is left: empty, white space or invisible characters only. */
export function isBlankText(text: string | undefined | null): boolean {
  return text == null || ONLY_INVISIBLE.test(text);
}

export const UNSAFE_TEXT_MESSAGE =
  'Text cannot contain a NUL character or broken Unicode (an unpaired surrogate).';

// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u;

/** NUL (PostgreSQL refuses it) or a lone surrogate (not valid Unicode, silently altered). */
export function hasUnsafeCharacters(text: string): boolean {
  return UNSAFE.test(text);
}

/**
 * The path (`a.b.0`) of the first string, object key included, in `value` that
 * hasUnsafeCharacters, or undefined. Walks at most `maxDepth` levels (deeper input is refused
 * elsewhere by its schema).
 */
export function findUnsafeText(value: unknown, maxDepth = 64): string | undefined {
  // The path is built on the way back from a find only, and array indexes are not made text
  // unless found: copying the path at every node made 500 KB of small arrays cost a quarter of
  // a second (issue 34).
  const walk = (node: unknown, depth: number): string[] | undefined => {
    if (typeof node === 'string') return hasUnsafeCharacters(node) ? [] : undefined;
    if (typeof node !== 'object' || node === null || depth > maxDepth) return undefined;
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index += 1) {
        const found = index in node ? walk(node[index], depth + 1) : undefined;
        if (found !== undefined) {
          found.unshift(String(index));
          return found;
        }
      }
      return undefined;
    }
    for (const key of Object.keys(node)) {
      if (hasUnsafeCharacters(key)) return [key];
      const found = walk((node as Record<string, unknown>)[key], depth + 1);
      if (found !== undefined) {
        found.unshift(key);
        return found;
      }
    }
    return undefined;
  };
  return walk(value, 0)?.join('.');
}
