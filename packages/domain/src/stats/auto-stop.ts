import type { Verdict, VerdictState } from './verdict';

// Optional auto-stop (issue 29): a campaign with `autoStop` on is switched off when it has its
// answer. The rule is here, pure, so the server's periodic check, the idea experiments and the
// docs (docs/statistics.md, "Auto-stop") say the same thing.

/** Verdicts that are an answer: acting on them is what the test was for. */
export const DECISION_STATES = [
  'winner',
  'original_wins',
  'no_difference',
  'guardrail_harm',
] as const satisfies readonly VerdictState[];

export const isDecision = (state: VerdictState): boolean =>
  (DECISION_STATES as readonly VerdictState[]).includes(state);

/** One element as the rule sees it: its verdict and how far it is towards its plan. */
export interface AutoStopElement {
  elementId: number;
  verdict: Verdict;
  /** Visitors each running arm needs (the element's plan); null while it cannot be set. */
  plannedPerArm: number | null;
  /** Visitors of the smallest running arm (the original and every variant not paused). */
  smallestArm: number;
  /** At least one variant is served: otherwise the element tests nothing and is left out. */
  hasRunningVariant: boolean;
}

/** Why an element is finished. */
export type ElementFinish = 'planned_sample' | 'decision';

export type AutoStopDecision =
  | {
      stop: true;
      /** `planned_sample` when every element reached its plan, else `decision`. */
      reason: ElementFinish;
      /** Each tested element, with why it is finished and its verdict's summary. */
      elements: { elementId: number; finish: ElementFinish; summary: string }[];
    }
  | {
      stop: false;
      /** The first element still running, or null when there is nothing to test. */
      waitingFor: number | null;
    };

/** Every running arm of the element has its planned visitors. */
export const reachedPlan = (element: AutoStopElement): boolean =>
  element.plannedPerArm !== null && element.smallestArm >= element.plannedPerArm;

/**
 * How the element is finished, or null while it is not:
 * - its running arms reached the planned sample: finished whatever the verdict says (more
 *   visitors were never planned; a mismatch or an open question is reported as it stands);
 * - before that, only an always-valid (sequential) decision finishes it: a sequential verdict
 *   holds at any moment it is read, so stopping on it is as valid as reading it. A fixed-horizon
 *   verdict is only read at the plan, and `not_enough_data`, `keep_running` and
 *   `sample_ratio_mismatch` are no answer.
 */
export function elementFinish(element: AutoStopElement): ElementFinish | null {
  if (reachedPlan(element)) return 'planned_sample';
  const { verdict } = element;
  if (verdict.method === 'sequential' && isDecision(verdict.state)) return 'decision';
  return null;
}

/**
 * Should the campaign stop now, and why: when every element that tests something is finished
 * (elementFinish). Never for a campaign with no element serving a variant.
 */
export function autoStopDecision(elements: readonly AutoStopElement[]): AutoStopDecision {
  const tested = elements.filter((element) => element.hasRunningVariant);
  if (tested.length === 0) return { stop: false, waitingFor: null };
  const finished: { elementId: number; finish: ElementFinish; summary: string }[] = [];
  for (const element of tested) {
    const finish = elementFinish(element);
    if (finish === null) return { stop: false, waitingFor: element.elementId };
    finished.push({ elementId: element.elementId, finish, summary: element.verdict.summary });
  }
  return {
    stop: true,
    reason: finished.every((element) => element.finish === 'planned_sample')
      ? 'planned_sample'
      : 'decision',
    elements: finished,
  };
}

/** A notification's title and body limits (notifications.ts), kept here to stay pure. */
const NOTICE_TITLE_MAX = 120;
const NOTICE_BODY_MAX = 1000;

const clip = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

/** A notice within the limits; the title's last `titleKeep` characters survive the clip. */
export function clipNotice({
  title,
  titleKeep,
  body,
}: {
  title: string;
  titleKeep: number;
  body: string;
}): { title: string; body: string } {
  const head = title.slice(0, title.length - titleKeep);
  return {
    title: `${clip(head, NOTICE_TITLE_MAX - titleKeep)}${title.slice(title.length - titleKeep)}`,
    body: clip(body, NOTICE_BODY_MAX),
  };
}

/** What the team is told when auto-stop switches a campaign off (notifications and mail). */
export function autoStopNotice(input: {
  campaignName: string;
  campaignId: number;
  decision: Extract<AutoStopDecision, { stop: true }>;
}): { title: string; body: string; teamPath: string } {
  const why =
    input.decision.reason === 'planned_sample'
      ? 'every element reached its planned sample'
      : 'its results reached an always-valid decision';
  const summaries = input.decision.elements.map((element) => element.summary);
  const suffix = ' stopped by itself';
  return {
    ...clipNotice({
      title: `${input.campaignName}${suffix}`,
      titleKeep: suffix.length,
      body: [
        `Auto-stop switched the campaign off: ${why}.`,
        ...(summaries.length === 1
          ? summaries
          : summaries.map((summary, index) => `Element ${index + 1}: ${summary}`)),
      ].join('\n\n'),
    }),
    teamPath: `/campaign/${input.campaignId}`,
  };
}
