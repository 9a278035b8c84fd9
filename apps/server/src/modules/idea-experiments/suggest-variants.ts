import {
  EXPERIMENT_VARIANT_COUNT,
  LANDING_PAGE_LIMITS,
  type ExperimentVariant,
} from '@kindling/domain';
import type { TeamAccess } from '../../http/types';
import { requestTextGeneration } from '../ai/request-text-generation';
import { getPage } from '../pages/get-page';
import type { ExperimentDeps } from './experiment-deps';

const fits = (max: number) => (text: string) => text.trim().length > 0 && text.length <= max;
const unique = (texts: readonly string[]) => [...new Set(texts)];
const plain = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
/** The idea pasted back, whole or wrapped ("Want to …?"): a note to the team, not a headline. */
const repeatsIdea = (idea: string) => (text: string) => plain(text).includes(plain(idea));

/**
 * Up to experimentVariantCount headline and button pairs for an idea, through the AI module
 * (two or three generations of the team's allowance). Headlines: rewrites of the idea (never the
 * idea itself, which the team wrote for itself, nor a rewrite that only wraps it), then (when
 * short) rewrites of the page's headline in the idea's direction; a model also reads the page's
 * words. Pairs go by position; short of button texts, the page's own.
 */
export async function suggestVariants(
  deps: ExperimentDeps,
  {
    team,
    pageId,
    origin,
    idea,
  }: { team: TeamAccess; pageId: number; origin: string; idea: string },
): Promise<{ variants: ExperimentVariant[]; offline: boolean }> {
  const page = await getPage(deps, { team, id: pageId, origin });
  const { headline, cta } = page.content;
  const generate = (value: string, instructions: string, additional: string) =>
    requestTextGeneration(
      { db: deps.db, config: deps.config, provider: deps.textProvider },
      {
        teamId: team.id,
        nowMs: Date.now(),
        request: {
          value,
          count: EXPERIMENT_VARIANT_COUNT,
          currentVariants: [headline, cta.label],
          additional,
          instructions,
        },
      },
    );
  const fitsHeadline = fits(LANDING_PAGE_LIMITS.headline);
  const fromIdea = await generate(
    idea,
    `Landing page headlines that put this idea to visitors. The page's headline now: "${headline}".`,
    'The main headline of a landing page',
  );
  const fresh = (text: string) => fitsHeadline(text) && !repeatsIdea(idea)(text);
  const headlineTexts = unique(
    fromIdea.variants.filter((text) => fresh(text) && text !== headline),
  );
  if (headlineTexts.length < EXPERIMENT_VARIANT_COUNT) {
    // Short of headlines (the offline rules add to a long sentence rather than shorten it):
    // rewrites of the page's own headline, in the idea's direction.
    const fromPage = await generate(
      headline,
      `Rewrite this landing page headline to test this idea: ${idea}`,
      'The main headline of a landing page',
    );
    headlineTexts.push(...fromPage.variants.filter(fresh));
  }
  const labels = await generate(
    cta.label,
    `Button texts for a landing page testing this idea: ${idea}`,
    cta.type === 'signup' ? 'A sign-up button' : 'A call-to-action button',
  );
  const labelTexts = labels.variants.filter(fits(LANDING_PAGE_LIMITS.ctaLabel));
  return {
    offline: fromIdea.offline,
    variants: unique(headlineTexts)
      .slice(0, EXPERIMENT_VARIANT_COUNT)
      .map((text, index) => ({
        headline: text,
        ctaLabel: labelTexts[index] ?? cta.label,
      })),
  };
}
