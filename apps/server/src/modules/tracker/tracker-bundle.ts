import { newestSourceMtime } from '@kindling/page-runtime/agent-build';
import {
  buildTrackerOffThread,
  trackerBundles,
  trackerSources,
  type TrackerKind,
} from '@kindling/page-runtime/tracker-build';
import { freshBundle } from '../../bundles/fresh-bundle';

const bundleOf = (kind: TrackerKind) =>
  freshBundle({
    name: `${kind} tracker`,
    outfile: trackerBundles[kind].outfile,
    newestSourceMtime: () => newestSourceMtime(trackerSources),
    build: () => buildTrackerOffThread(kind),
  });

const bundles = { plain: bundleOf('plain'), html: bundleOf('html') };

/** The tracker runtime (packages/page-runtime/src/tracker), minified, of the given kind. */
export const trackerBundle = (kind: TrackerKind) => bundles[kind]();

/**
 * Builds both bundles now, in the background: the first customer page after a start then gets
 * the script without waiting for a build (about 0.3 s each) when `dist/` is stale or absent.
 */
export function warmTrackerBundles(log: { warn: (object: object, message: string) => void }) {
  for (const kind of ['plain', 'html'] as const) {
    trackerBundle(kind).catch((error: unknown) =>
      log.warn({ err: error, kind }, 'tracker bundle not built at start: built on first request'),
    );
  }
}
