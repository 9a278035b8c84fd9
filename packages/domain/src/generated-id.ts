// Names a page author chose stay put across deploys; names a framework or build tool made up
// change with the next render or build. Selectors and fingerprints keep only the first kind.

/**
 * Framework prefixes (Ember `ember123`, React `:r1:` / `«r1»`, Radix, Headless UI, MUI, Emotion
 * `css-1x2y3z`, styled-components `sc-`, styled-jsx, Svelte), runs of 3+ digits, uuid-like
 * fragments and hash-like segments (5+ characters mixing letters and digits, as CSS modules
 * and bundlers append: `Button_root__a8F3k`).
 */
const GENERATED =
  /^(?:ember\d|react-|radix-|headlessui-|mui-|css-|sc-|jsx-|svelte-|[:«])|\d{3,}|[0-9a-f]{8}-[0-9a-f]{4}|(?:^|[-_])(?=[a-z]*\d)(?=\d*[a-z])[a-z\d]{5,}(?=$|[-_])/i;

/** True for ids, classes and attribute values that look generated rather than authored. */
export const isGeneratedName = (value: string): boolean => GENERATED.test(value);
