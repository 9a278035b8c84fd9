import { teamWriteClock } from '../auth/team-write-clock';
import type { TrackingShape } from './get-tracking-shapes';

/** How long a loaded shape answers for its campaign before the database is asked again. */
export const TRACKING_SHAPE_TTL_MS = 5_000;

export interface ShapeRequest {
  campaignIds: number[];
  /** True: ask the database whatever is cached (a batch the cached shapes would refuse). */
  fresh?: boolean;
}

export type LoadTrackingShapes = (input: {
  campaignIds: number[];
}) => Promise<Map<number, TrackingShape>>;

export type CachedTrackingShapes = ((
  request: ShapeRequest,
) => Promise<Map<number, TrackingShape>>) & {
  /** Drops the team's shapes: a write of its campaigns (an ended test) counts from the next batch. */
  forgetTeam(teamId: number): void;
};

/**
 * Tracking shapes kept per process for `ttlMs`: every collected batch needs them, and they
 * change only when a campaign is saved. Only found campaigns are kept, so a campaign created a
 * moment ago is looked up (and accepted) on its first batch; callers ask again with `fresh`
 * before refusing, so only acceptances can be stale, and by at most `ttlMs` (less: a team's
 * writes through this process forget its shapes at once).
 */
export function cachedTrackingShapes({
  load,
  ttlMs = TRACKING_SHAPE_TTL_MS,
  now = Date.now,
}: {
  load: LoadTrackingShapes;
  ttlMs?: number;
  now?: () => number;
}): CachedTrackingShapes {
  const kept = new Map<number, { shape: TrackingShape; until: number }>();
  // A load may read the campaigns just before a team's write commits: what it read is answered
  // but not kept, so the write still counts from the next batch.
  const writes = teamWriteClock();
  const shapesOf = async ({ campaignIds, fresh = false }: ShapeRequest) => {
    const at = now();
    const loadStartedAt = writes.now();
    const shapes = new Map<number, TrackingShape>();
    const missing = new Set<number>();
    for (const id of campaignIds) {
      const entry = fresh ? undefined : kept.get(id);
      if (entry && entry.until > at) shapes.set(id, entry.shape);
      else missing.add(id);
    }
    if (missing.size === 0) return shapes;
    const loaded = await load({ campaignIds: [...missing] });
    for (const id of missing) {
      const shape = loaded.get(id);
      if (shape) {
        if (writes.wroteSince(shape.teamId, loadStartedAt)) kept.delete(id);
        else kept.set(id, { shape, until: at + ttlMs });
        shapes.set(id, shape);
      } else {
        kept.delete(id);
      }
    }
    return shapes;
  };
  return Object.assign(shapesOf, {
    forgetTeam(teamId: number) {
      writes.wrote(teamId);
      for (const [id, entry] of kept) if (entry.shape.teamId === teamId) kept.delete(id);
    },
  });
}
