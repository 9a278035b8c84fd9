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

/**
 * Up to experimentVariantCount headline and button pairs for an idea, through the AI module
 * (two generations of the team's allowance: headlines, then button texts). The headlines
 * rewrite the idea itself, so the offline provider's suggestions follow it too; a model also
 * reads the page's current words. Pairs go by position; short of button texts, the page's own.
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
  const headlines = await generate(
    idea,
    `Landing page headlines that put this idea to visitors. The page's headline now: "${headline}".`,
    'The main headline of a landing page',
  );
  const labels = await generate(
    cta.label,
    `Button texts for a landing page testing this idea: ${idea}`,
    cta.type === 'signup' ? 'A sign-up button' : 'A call-to-action button',
  );
  const headlineTexts = headlines.variants.filter(fits(LANDING_PAGE_LIMITS.headline));
  const labelTexts = labels.variants.filter(fits(LANDING_PAGE_LIMITS.ctaLabel));
  return {
    offline: headlines.offline,
    variants: headlineTexts.slice(0, EXPERIMENT_VARIANT_COUNT).map((text, index) => ({
      headline: text,
      ctaLabel: labelTexts[index] ?? cta.label,
    })),
  };
}
