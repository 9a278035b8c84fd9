import { DEMO_DATA_END_DATE, GoalEventType, type CampaignInput } from '@kindling/domain';

const PAGE = 'https://www.example.com/';
const textVariant = (id: number, key: string, value: string) => ({
  id,
  key,
  type: 'text' as const,
  isEnabled: true,
  info: { value },
});

/**
 * The demo campaign: a landing page testing its headline (the third one wins clearly) and its
 * call to action, with a two-step funnel. Its elements line up with DEMO_EXPERIMENT in the
 * domain package, element by element and arm by arm (checked where the data is made).
 */
export const DEMO_CAMPAIGN = {
  name: 'Demo: landing page headline test',
  description: `Generated demo data dated up to ${DEMO_DATA_END_DATE}. Delete it whenever you like; it never runs on a page.`,
  ingestedUrl: PAGE,
  type: 'ab_split',
  elements: [
    {
      id: -1,
      selector: 'main h1',
      type: 'text',
      key: 'headline',
      control: { info: { value: 'Project management software' } },
      variants: [
        textVariant(-11, 'headline-1', 'Project management for growing teams'),
        textVariant(-12, 'headline-2', 'Ship every project on time, without the chaos'),
      ],
    },
    {
      id: -2,
      selector: 'main a.cta',
      type: 'text',
      key: 'cta',
      control: { info: { value: 'Sign up' } },
      variants: [textVariant(-21, 'cta-1', 'Start free trial')],
    },
  ],
  goals: [
    {
      id: -1,
      isConversionGoal: false,
      event: {
        type: GoalEventType.Click,
        name: 'Click on the call to action',
        elements: [{ id: 'cta', label: 'Sign up', selector: 'main a.cta' }],
      },
    },
    {
      id: -2,
      isConversionGoal: true,
      event: { type: GoalEventType.PageView, name: 'Sign-up page', url: `${PAGE}signup` },
    },
  ],
} satisfies Record<string, unknown> as unknown as CampaignInput;
