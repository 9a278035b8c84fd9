import type { StatsSegmentAnswer } from '@kindling/domain';
import { NoteBanner } from '../../../ui/note-banner';

/**
 * Above a segment's results: the answer's own note (a segment's verdict is a lead, never a
 * decision to ship) and who is counted.
 */
export function SegmentNotice({ segment }: { segment: StatsSegmentAnswer }) {
  return (
    <NoteBanner tone="warning" title={segment.note} testId="segment-notice">
      Only the visitors in “{segment.label}” are counted here: each visitor is classed once, by
      their first visit in this test, and all of their views, goals and revenue count in that
      segment. With several segments to look at, one of them can look like a winner by chance: test
      it on its own before you ship it.
    </NoteBanner>
  );
}

/** A segment without a visitor in the range, and why that can be. */
export function SegmentEmpty({ segment }: { segment: StatsSegmentAnswer }) {
  return (
    <NoteBanner tone="muted" title={`No visitors in “${segment.label}” yet`} testId="segment-empty">
      None of this test&apos;s visitors in this range is in this segment (each visitor is classed by
      their first visit in the test). Pick another segment or a longer range. Visitors counted
      before segments were recorded, or sent without a browser name, are in no segment; All visitors
      shows them.
    </NoteBanner>
  );
}
