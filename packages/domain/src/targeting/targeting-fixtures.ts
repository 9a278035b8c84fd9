import { AUDIENCE_FIXTURES, type AudienceFixture } from './audience-fixtures';
import { PAGE_RULE_FIXTURES, type PageRuleFixture } from './page-rule-fixtures';

// One table of page-rule and audience rows that every evaluator of issue 31 must answer alike:
// this package's unit test, the server, the editor's preview and the tracker in Chromium run
// every row through `matchesPage` / `inAudience` and expect `expected`. Rows are plain JSON
// (an `audience` left out means none), so a browser test can pass them into a page as they are.

export type { AudienceFixture, PageRuleFixture };
export type TargetingFixture = PageRuleFixture | AudienceFixture;

export { AUDIENCE_FIXTURES, PAGE_RULE_FIXTURES };

export const TARGETING_FIXTURES: readonly TargetingFixture[] = [
  ...PAGE_RULE_FIXTURES,
  ...AUDIENCE_FIXTURES,
];
