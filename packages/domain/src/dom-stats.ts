import type { DomStats } from './element-schema';

// Kept apart from element-schema.ts so the page runtime can import it without pulling in zod.

/** Stats of an element nothing was read from yet; a fresh object each time (readers fill it). */
export function emptyDomStats(): DomStats {
  return {
    textColor: [],
    backgroundColor: [],
    fontSize: [],
    borderColor: [],
    borderWidth: [],
    padding: [],
    borderRadius: [],
  };
}
