import { newestSourceMtime } from '@kindling/page-runtime/agent-build';
import {
  buildTrackerOffThread,
  trackerBundles,
  trackerSources,
  type TrackerKind,
} from '@kindling/page-runtime/tracker-build';
import { freshBundle } from '../../bundles/fresh-bundle';
import { trackerPartBundle } from '../../bundles/tracker-part-bundle';

const bundleOf = (kind: TrackerKind) =>
  freshBundle({
    name: `${kind} tracker`,
    outfile: trackerBundles[kind].outfile,
    newestSourceMtime: () => newestSourceMtime(trackerSources),
    build: () => buildTrackerOffThread(kind),
  });

const kinds = Object.keys(trackerBundles) as TrackerKind[];
const bundles = Object.fromEntries(kinds.map((kind) => [kind, bundleOf(kind)])) as Record<
  TrackerKind,
  ReturnType<typeof bundleOf>
>;

/** The tracker runtime (packages/page-runtime/src/tracker), minified, of the given kind. */
export const trackerBundle = (kind: TrackerKind) => bundles[kind]();

/** Most teams' bundles; the targeting ones are built on their first request. */
const WARMED: readonly TrackerKind[] = ['plain', 'html'];

/**
 * Builds the common bundles now, in the background: the first customer page after a start then gets
 * the script without waiting for a build (about 0.3 s each) when `dist/` is stale or absent.
 * targeting.js too (esbuild alone, tens of milliseconds): a page with a targeted campaign waits
 * for it before it shows a variant.
 */
export function warmTrackerBundles(log: { warn: (object: object, message: string) => void }) {
  // Not all four: each process of a cluster builds what dist/ lacks, and on 2 cores four
  // builds per process held back a replacement worker's start past 20 s.
  for (const kind of WARMED) {
    trackerBundle(kind).catch((error: unknown) =>
      log.warn({ err: error, kind }, 'tracker bundle not built at start: built on first request'),
    );
  }
  trackerPartBundle('targeting')().catch((error: unknown) =>
    log.warn({ err: error }, 'targeting.js not built at start: built on first request'),
  );
}
