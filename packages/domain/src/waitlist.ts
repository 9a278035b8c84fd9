import { z } from 'zod';

// "What a team waits for" (spec section 7, GET /team/{team}/waitlist): capabilities this server
// does not have yet. A member puts the team on the waitlist of one entry, or takes it off. This
// list is the single source: the server refuses any other key and the app shows these words.
// Keep it honest: an entry leaves the list in the change that builds it.

export const WAITLIST_KINDS = ['integration', 'feature'] as const;
export type WaitlistKind = (typeof WAITLIST_KINDS)[number];

export interface WaitlistCatalogueEntry {
  key: string;
  kind: WaitlistKind;
  title: string;
  description: string;
}

export const WAITLIST_CATALOGUE = [
  {
    key: 'shopify-app',
    kind: 'integration',
    title: 'Shopify app',
    description: 'Install the tracker and count orders as revenue without editing your theme.',
  },
  {
    key: 'wordpress-plugin',
    kind: 'integration',
    title: 'WordPress plugin',
    description: 'Add the tracker to every page from your WordPress dashboard.',
  },
  {
    key: 'split-url-tests',
    kind: 'feature',
    title: 'Split URL tests',
    description:
      'Send part of your visitors to another page instead of changing elements on one page.',
  },
  {
    key: 'email-reports',
    kind: 'feature',
    title: 'Weekly e-mail reports',
    description: "Every Monday, each running campaign's results in your inbox.",
  },
] as const satisfies readonly WaitlistCatalogueEntry[];

export type WaitlistKey = (typeof WAITLIST_CATALOGUE)[number]['key'];

export const WAITLIST_KEYS = WAITLIST_CATALOGUE.map((entry) => entry.key) as [
  WaitlistKey,
  ...WaitlistKey[],
];

export const WAITLIST_MESSAGES = {
  unknownEntry: `Choose a waitlist entry: ${WAITLIST_KEYS.join(', ')}`,
} as const;

export const waitlistKeySchema = z.enum(WAITLIST_KEYS, { error: WAITLIST_MESSAGES.unknownEntry });

/** GET ?entry=…: one entry only; without it, the whole catalogue. */
export const waitlistQuerySchema = z.object({ entry: waitlistKeySchema.optional() });

/** Join or leave one entry. */
export const waitlistChangeSchema = z.object({ entry: waitlistKeySchema });

export const waitlistEntryViewSchema = z.object({
  key: waitlistKeySchema,
  kind: z.enum(WAITLIST_KINDS),
  title: z.string(),
  description: z.string(),
  /** The team is on this entry's waitlist. */
  waiting: z.boolean(),
  /** Since when (ISO time), null when not waiting. */
  joinedAt: z.string().nullable(),
  /** The name of the member who put the team on it; null when not waiting or the account is gone. */
  joinedBy: z.string().nullable(),
});

export const waitlistViewSchema = z.object({ entries: z.array(waitlistEntryViewSchema) });

export type WaitlistEntryView = z.infer<typeof waitlistEntryViewSchema>;
export type WaitlistView = z.infer<typeof waitlistViewSchema>;
