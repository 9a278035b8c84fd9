import { CONVERSION_WINDOW_MS, type CollectEvent } from '@kindling/domain';
import type { Statements } from '../../db/statement-transaction';
import { programmeEvents, type ProgrammeShape } from './programme-events';
import { addProgrammeConversions, addProgrammeVisitors } from './repo';

/**
 * Counts a collect batch for the programmes of teams with a global holdout, in the batch's own
 * transaction (so nothing is counted for a batch that is not stored): each exposure's visitor in
 * its group, and each reach of a campaign's conversion goal within the conversion window.
 */
export async function recordProgramme(
  statements: Statements,
  {
    events,
    shapes,
  }: { events: readonly CollectEvent[]; shapes: ReadonlyMap<number, ProgrammeShape> },
): Promise<void> {
  const { visitors, conversions } = programmeEvents(events, shapes);
  await addProgrammeVisitors(statements, visitors);
  await addProgrammeConversions(statements, conversions, CONVERSION_WINDOW_MS);
}
