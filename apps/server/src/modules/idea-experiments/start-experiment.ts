import {
  campaignSchemasFor,
  GoalEventType,
  IDEA_EXPERIMENT_MESSAGES,
  IDEA_MINIMUM_DETECTABLE_EFFECT,
  type ExperimentVariant,
  type IdeaExperimentInput,
  type LandingPageContent,
} from '@kindling/domain';
import { isUniqueViolation } from '../../db/errors';
import { AppError, validationError } from '../../errors';
import type { TeamAccess } from '../../http/types';
import { createCampaign } from '../campaigns/create-campaign';
import { deleteCampaign } from '../campaigns/delete-campaign';
import { getPage } from '../pages/get-page';
import type { ExperimentDeps } from './experiment-deps';
import { findRunningExperiment, insertExperiment } from './repo';

/** Where the page's parts sit in every template (packages/domain landing-pages/render.ts). */
export const EXPERIMENT_SELECTORS = {
  headline: '.hero-copy h1',
  signupButton: '#signup button[type="submit"]',
  linkButton: '.hero-copy a.btn',
  pricingButton: '.pricing .plan .btn',
} as const;

const alreadyRunning = () => new AppError('CONFLICT', IDEA_EXPERIMENT_MESSAGES.alreadyRunning);

function textElement(id: number, selector: string, original: string, values: readonly string[]) {
  return {
    id,
    selector,
    key: `idea-${-id}`,
    type: 'text' as const,
    control: { info: { value: original } },
    variants: values.map((value, index) => ({
      id: id * 100 - index,
      key: `idea-${-id}-${index + 1}`,
      type: 'text' as const,
      info: { value },
    })),
  };
}

/** The headline and the button (and the price section's button, showing the same words). */
function experimentElements(content: LandingPageContent, variants: readonly ExperimentVariant[]) {
  const labels = variants.map((variant) => variant.ctaLabel);
  const button =
    content.cta.type === 'signup'
      ? EXPERIMENT_SELECTORS.signupButton
      : EXPERIMENT_SELECTORS.linkButton;
  return [
    textElement(
      -1,
      EXPERIMENT_SELECTORS.headline,
      content.headline,
      variants.map((v) => v.headline),
    ),
    textElement(-2, button, content.cta.label, labels),
    ...(content.price
      ? [textElement(-3, EXPERIMENT_SELECTORS.pricingButton, content.cta.label, labels)]
      : []),
  ];
}

/** The campaign on the page's own address (Kindling's: the campaign rule accepts it anywhere). */
function experimentCampaign(
  page: { slug: string; url: string; content: LandingPageContent },
  { origin, variants }: { origin: string; variants: readonly ExperimentVariant[] },
) {
  const { content } = page;
  const goalEvent =
    content.cta.type === 'signup'
      ? { type: GoalEventType.PageView, name: 'Sign-up', url: `${page.url}/thanks` }
      : {
          type: GoalEventType.Click,
          name: 'Button click',
          elements: [{ id: 'cta', label: 'Button', selector: EXPERIMENT_SELECTORS.linkButton }],
        };
  return campaignSchemasFor(origin).input.parse({
    name: `Idea test: ${page.slug}`,
    ingestedUrl: page.url,
    type: 'ab_split',
    trafficAllocation: 100,
    meta: { linkedElements: true },
    minimumDetectableEffect: IDEA_MINIMUM_DETECTABLE_EFFECT,
    elements: experimentElements(content, variants),
    goals: [{ id: -10, isConversionGoal: true, event: goalEvent }],
  });
}

/**
 * Starts "Test this idea" on a published page: one campaign on the page's address whose
 * elements (headline and button) change together, one variant per entry, an even split, and a
 * sign-up (a view of the page's thank-you address) as the conversion goal. One at a time.
 */
export async function startExperiment(
  deps: ExperimentDeps,
  {
    team,
    pageId,
    origin,
    input,
  }: { team: TeamAccess; pageId: number; origin: string; input: IdeaExperimentInput },
) {
  const page = await getPage(deps, { team, id: pageId, origin });
  if (!page.published) throw validationError(IDEA_EXPERIMENT_MESSAGES.notPublished);
  if (await findRunningExperiment(deps.db, { teamId: team.id, pageId })) throw alreadyRunning();
  const campaign = experimentCampaign(page, { origin, variants: input.variants });
  const { id: campaignId } = await createCampaign(deps, {
    teamId: team.id,
    campaign: { ...campaign, isEnabled: true },
  });
  try {
    return await insertExperiment(deps.db, {
      teamId: team.id,
      pageId,
      campaignId,
      variants: input.variants,
    });
  } catch (error) {
    // Another start won the race: its campaign runs, this one goes.
    await deleteCampaign(deps, { teamId: team.id, id: campaignId });
    if (isUniqueViolation(error)) throw alreadyRunning();
    throw error;
  }
}
