import { z } from 'zod';
import { isValidPageUrl } from '../own-page-url';
import { pageOrigin } from '../tracker-config';
import { hasUnsafeCharacters, isBlankText, UNSAFE_TEXT_MESSAGE } from '../text';
import { PAGE_RULE_KINDS, type PageRule, type PageRules } from './page-rules';
import { validateSafeRegex } from './safe-regex';

// Page rules as they arrive from the editor or the API (issue 31), checked before they are
// stored; the tracker evaluates stored rules without checking them again.

export const TARGETING_LIMITS = {
  /** Include and exclude rules together. */
  pageRules: 20,
  conditions: 20,
  /** Values in one "is one of" list. */
  listValues: 100,
  valueLength: 500,
} as const;

export const PAGE_RULE_MESSAGES = {
  valueRequired: 'Enter an address or a pattern.',
  valueTooLong: `Use at most ${TARGETING_LIMITS.valueLength} characters.`,
  notAnAddress: 'Enter a web address, such as https://shop.example/pricing.',
  notAWildcard:
    'Enter a web address where * stands for any text, such as https://shop.example/products/*.',
  queryNameRequired: 'Enter the name of the query parameter.',
  includeRequired: 'Add at least one page where the campaign runs.',
  tooManyRules: `A campaign can have at most ${TARGETING_LIMITS.pageRules} page rules.`,
} as const;

const text = (required: string) =>
  z
    .string()
    .max(TARGETING_LIMITS.valueLength, PAGE_RULE_MESSAGES.valueTooLong)
    .refine((value) => !hasUnsafeCharacters(value), UNSAFE_TEXT_MESSAGE)
    .refine((value) => !isBlankText(value), required);

/**
 * The page-URL rule, or any address on the app's own pages origin (a rule is never fetched, so
 * it need not be one published page, as the campaign's address must).
 */
function isAddress(value: string, ownPagesOrigin?: string | null): boolean {
  if (isValidPageUrl(value, ownPagesOrigin)) return true;
  return !!ownPagesOrigin && pageOrigin(value) === pageOrigin(ownPagesOrigin);
}

/** The message for a rule's value, or undefined when it is good. */
function valueProblem(rule: PageRule, ownPagesOrigin?: string | null): string | undefined {
  switch (rule.kind) {
    case 'exact':
    case 'startsWith':
      return isAddress(rule.value, ownPagesOrigin) ? undefined : PAGE_RULE_MESSAGES.notAnAddress;
    case 'wildcard':
      // Any text in place of each *, and it must be an address.
      return isAddress(rule.value.replaceAll('*', 'x'), ownPagesOrigin)
        ? undefined
        : PAGE_RULE_MESSAGES.notAWildcard;
    case 'regex':
      return validateSafeRegex(rule.value);
  }
}

/** Rules whose addresses may also be the app's own pages under `ownPagesOrigin`. */
export function pageRuleSchemaFor(ownPagesOrigin?: string | null) {
  return z
    .object({
      kind: z.enum(PAGE_RULE_KINDS),
      value: text(PAGE_RULE_MESSAGES.valueRequired),
      query: z
        .object({
          name: text(PAGE_RULE_MESSAGES.queryNameRequired),
          value: text(PAGE_RULE_MESSAGES.valueRequired).or(z.literal('')).optional(),
        })
        .optional(),
    })
    .transform((rule): PageRule =>
      rule.kind === 'regex' ? rule : { ...rule, value: rule.value.trim() },
    )
    .superRefine((rule, context) => {
      const message = valueProblem(rule, ownPagesOrigin);
      if (message) context.addIssue({ code: 'custom', message, path: ['value'] });
    });
}

export function pageRulesSchemaFor(ownPagesOrigin?: string | null) {
  const rule = pageRuleSchemaFor(ownPagesOrigin);
  return z
    .object({
      include: z
        .array(rule)
        .min(1, PAGE_RULE_MESSAGES.includeRequired)
        .max(TARGETING_LIMITS.pageRules, PAGE_RULE_MESSAGES.tooManyRules),
      exclude: z
        .array(rule)
        .max(TARGETING_LIMITS.pageRules, PAGE_RULE_MESSAGES.tooManyRules)
        .default([]),
    })
    .superRefine((rules, context) => {
      if (rules.include.length + rules.exclude.length > TARGETING_LIMITS.pageRules) {
        context.addIssue({ code: 'custom', message: PAGE_RULE_MESSAGES.tooManyRules, path: [] });
      }
    })
    .transform((rules): PageRules => rules);
}

export const pageRuleSchema = pageRuleSchemaFor();
export const pageRulesSchema = pageRulesSchemaFor();
