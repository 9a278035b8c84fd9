import { useState } from 'react';

/**
 * The `open` of a change's <details>: open when it first shows with something set, then left to
 * the person. Tied to the content, clearing a field would close the section under their cursor.
 */
export function useInitiallyOpen(hasContent: boolean): true | undefined {
  const [open] = useState(hasContent);
  return open ? true : undefined;
}
