import type { ElementDescriber } from './element-describer';

const MAX_LENGTH = 300;
const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Offline: no model reads the page, so the description is the editor's own summary of the
 * element (its first line, e.g. `Button "Sign Up" in the navigation`) with the page title.
 */
export function createLocalElementDescriber(): ElementDescriber {
  return {
    describe({ context }) {
      const lines = context.split('\n').map(collapse).filter(Boolean);
      const title = lines
        .find((line) => /^page title:/i.test(line))
        ?.replace(/^page title:\s*/i, '');
      const first = lines.find((line) => !/^[\w ]+:/.test(line)) ?? lines[0] ?? '';
      const summary = title ? `${first} on the page "${title}"` : first;
      const sentence = /[.!?]$/.test(summary) ? summary : `${summary}.`;
      return Promise.resolve(sentence.slice(0, MAX_LENGTH));
    },
  };
}
