// CSS and code per variant (issue 32): a stylesheet applied while the variant's element is on the
// page, and JavaScript run once the variant's changes are made. They run on customers' pages with
// their visitors' privileges, so they exist only where the instance allows it (ALLOW_VARIANT_CODE,
// off by default), only team owners write them, and every change is recorded with who and when.

export const VARIANT_CSS_MAX_LENGTH = 20_000;
export const VARIANT_CODE_MAX_LENGTH = 20_000;

/** What a variant may carry beside its content: its stylesheet and its script. */
export const VARIANT_CODE_KINDS = ['css', 'code'] as const;
export type VariantCodeKind = (typeof VARIANT_CODE_KINDS)[number];
export const VARIANT_CODE_KIND_LABELS: Record<VariantCodeKind, string> = {
  css: 'CSS',
  code: 'JavaScript',
};

export const VARIANT_CODE_MESSAGES = {
  off: 'CSS and code per variant are turned off on this instance (ALLOW_VARIANT_CODE).',
  owner: "Only a team owner, signed in, may add or change a variant's CSS or code.",
  cssLength: "A variant's CSS is at most 20,000 characters.",
  codeLength: "A variant's code is at most 20,000 characters.",
  cssImport: "A variant's CSS may not load other stylesheets (@import).",
  cssBinding: "A variant's CSS may not run code (behavior, -moz-binding or expression()).",
} as const;

/** Why a stylesheet does not parse, with the parser's reason and line. */
export const cssSyntaxMessage = (reason: string, line: number): string =>
  `A variant's CSS does not parse: ${reason} (line ${line}).`;

/** Why a stylesheet's `url()` is refused: only the page's own site and data: images. */
export const cssUrlMessage = (origin: string, address: string): string =>
  `A variant's CSS may load files only from the page's own site (${origin}) or data: images, not ${address}.`;

/** Why a script does not parse, with the parser's reason. */
export const codeSyntaxMessage = (reason: string): string =>
  `A variant's code does not parse: ${reason}.`;

/** The variant's stylesheet and script as a change would record them, blank as absent. */
export function variantCodeOf(info: {
  css?: string | undefined;
  code?: string | undefined;
}): Record<VariantCodeKind, string | null> {
  const kept = (text: string | undefined) => (text?.trim() ? text : null);
  return { css: kept(info.css), code: kept(info.code) };
}
