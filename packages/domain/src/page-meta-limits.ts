// Apart from page-meta.ts, which builds zod schemas: the preview agent bundle imports these
// limits and must stay free of zod. The agent clips what it reads to them, so a long title
// never makes a campaign unsavable.

export const PAGE_META_LIMITS = {
  title: 300,
  description: 1_000,
  /** BCP 47 tags are short; anything longer is not a language tag. */
  lang: 35,
  /** The same bound as MAX_URL_LENGTH (url.ts). */
  url: 2083,
} as const;
