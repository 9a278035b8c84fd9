import { z } from 'zod';
import { rowId } from '../row-id';
import { pageKey } from '../tracker-config';
import { matchesPageRule, type PageRule, type PageRules } from './page-rules';
import { pageRulesSchema } from './page-rules-schema';

// The page-rules routes (issue 31): PUT /campaign/pages sets where a campaign runs, and
// POST /campaign/pages/test answers the editor's "does this address match?" tester with the
// same evaluator the tracker runs.

export const PAGE_RULES_API_MESSAGES = {
  campaignNotFound: 'Campaign not found.',
  testAddressRequired: 'Enter an address to test.',
} as const;

export const campaignPageRulesInputSchema = z.object({
  campaignId: rowId,
  /** Null: back to running on the page the campaign was edited on only. */
  rules: pageRulesSchema.nullable(),
});
export type CampaignPageRulesInput = z.infer<typeof campaignPageRulesInputSchema>;

const pageRuleOutputSchema = z.object({
  kind: z.enum(['exact', 'startsWith', 'wildcard', 'regex']),
  value: z.string(),
  query: z.object({ name: z.string(), value: z.string().optional() }).optional(),
});
const pageRulesOutputSchema = z.object({
  include: z.array(pageRuleOutputSchema),
  exclude: z.array(pageRuleOutputSchema),
});

export const campaignPageRulesSchema = z.object({
  campaignId: z.number(),
  /** The page the campaign was edited on (its ingested URL). */
  editedOn: z.string(),
  /** Null: the campaign runs on `editedOn` only. */
  rules: pageRulesOutputSchema.nullable(),
});
export type CampaignPageRules = z.infer<typeof campaignPageRulesSchema>;

export const pageRulesTestInputSchema = z.object({
  rules: pageRulesSchema,
  url: z.string().trim().min(1, PAGE_RULES_API_MESSAGES.testAddressRequired).max(2048),
});
export type PageRulesTestInput = z.infer<typeof pageRulesTestInputSchema>;

export const pageRulesTestSchema = z.object({
  runs: z.boolean(),
  /** Per rule, in order: whether it takes in the address. */
  include: z.array(z.boolean()),
  exclude: z.array(z.boolean()),
  /** One sentence for the editor, e.g. "Runs here: page rule 1 matches." */
  summary: z.string(),
});
export type PageRulesTest = z.infer<typeof pageRulesTestSchema>;

const numbered = (matched: boolean[]) =>
  matched.flatMap((hit, index) => (hit ? [String(index + 1)] : [])).join(', ');

/** The tester's answer: whether the campaign runs at `url` under `rules`, and why. */
export function testPageRules(rules: PageRules, url: string): PageRulesTest {
  const each = (list: PageRule[]) => list.map((rule) => matchesPageRule(rule, url));
  const include = each(rules.include);
  const exclude = each(rules.exclude);
  const runs = include.some(Boolean) && !exclude.some(Boolean);
  let summary: string;
  if (pageKey(url) === undefined) summary = 'This is not a web address.';
  else if (runs) summary = `Runs here: page rule ${numbered(include)} matches.`;
  else if (include.some(Boolean))
    summary = `Does not run here: exclusion ${numbered(exclude)} matches.`;
  else summary = 'Does not run here: no page rule matches this address.';
  return { runs, include, exclude, summary };
}
