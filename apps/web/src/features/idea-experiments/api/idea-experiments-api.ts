import {
  IDEA_EXPERIMENT_MESSAGES,
  ideaExperimentViewSchema,
  ideaSuggestionsViewSchema,
  type ExperimentVariant,
  type IdeaExperimentView,
  type IdeaSuggestionsView,
} from '@kindling/domain';
import { z } from 'zod';
import { api, isApiError, teamApiPath } from '../../../lib/api-client';

// "Test this idea" on a page (docs/api.md, Idea experiments).

export const experimentKey = (team: string, pageId: number) =>
  ['idea-experiment', team, pageId] as const;
export const testedPageKey = (team: string, pageId: number) =>
  ['idea-experiment-page', team, pageId] as const;

const base = (team: string, pageId: number, path = '') =>
  teamApiPath(team, `/pages/${pageId}/experiment${path}`);

/** The page's newest experiment, or null when it never had one. */
export async function fetchExperiment(
  team: string,
  pageId: number,
): Promise<IdeaExperimentView | null> {
  try {
    return await api.get(base(team, pageId), { schema: ideaExperimentViewSchema });
  } catch (error) {
    if (isApiError(error, 404) && error.message === IDEA_EXPERIMENT_MESSAGES.noExperiment) {
      return null;
    }
    throw error;
  }
}

export function startExperiment(
  team: string,
  pageId: number,
  variants: ExperimentVariant[],
): Promise<IdeaExperimentView> {
  return api.post(base(team, pageId), { variants }, { schema: ideaExperimentViewSchema });
}

export function stopExperiment(team: string, pageId: number): Promise<IdeaExperimentView> {
  return api.post(base(team, pageId, '/stop'), {}, { schema: ideaExperimentViewSchema });
}

export function suggestVariants(
  team: string,
  pageId: number,
  idea: string,
): Promise<IdeaSuggestionsView> {
  return api.post(
    base(team, pageId, '/suggestions'),
    { idea },
    { schema: ideaSuggestionsViewSchema },
  );
}

/** What this screen needs of the page (the pages feature owns the rest). */
const testedPageSchema = z.object({
  id: z.number(),
  slug: z.string(),
  url: z.string(),
  published: z.boolean(),
  content: z.looseObject({ headline: z.string(), cta: z.looseObject({ label: z.string() }) }),
});
export type TestedPage = z.infer<typeof testedPageSchema>;

export function fetchTestedPage(team: string, pageId: number): Promise<TestedPage> {
  return api.get(teamApiPath(team, `/pages/${pageId}`), { schema: testedPageSchema });
}
