import type { CollectEvent } from '@kindling/domain';

/** What collect needs to know of a campaign to count its events for the team's programme. */
export interface ProgrammeShape {
  teamId: number;
  /** The team holds visitors out: its visitors and conversions are counted. */
  programme?: true;
  /** Goal ids in funnel order: the last is the campaign's conversion goal. */
  funnel: readonly number[];
}

export interface ProgrammeVisitor {
  teamId: number;
  visitorId: string;
  holdout: boolean;
  ts: string;
}

export interface ProgrammeConversion {
  teamId: number;
  visitorId: string;
  ts: string;
}

export const isHeldOut = (event: CollectEvent): boolean =>
  event.type === 'exposure' && event.holdout === true;

/**
 * The visitors and conversions of a batch for the programme of teams with a holdout: every
 * exposure's visitor in its group (held out or not), and every reach of a campaign's conversion
 * goal. The same rule for both groups, so the comparison is fair.
 */
export function programmeEvents(
  events: readonly CollectEvent[],
  shapes: ReadonlyMap<number, ProgrammeShape>,
): { visitors: ProgrammeVisitor[]; conversions: ProgrammeConversion[] } {
  const visitors: ProgrammeVisitor[] = [];
  const conversions: ProgrammeConversion[] = [];
  for (const event of events) {
    const shape = shapes.get(event.campaignId);
    if (!shape?.programme) continue;
    const row = {
      teamId: shape.teamId,
      visitorId: event.visitorId,
      ts: new Date(event.ts).toISOString(),
    };
    if (event.type === 'exposure') visitors.push({ ...row, holdout: isHeldOut(event) });
    if (event.type === 'goal' && event.goalId === shape.funnel.at(-1)) conversions.push(row);
  }
  return { visitors, conversions };
}
