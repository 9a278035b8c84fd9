import { createRequire } from 'node:module';
import path from 'node:path';
import type { AutoExperiment, FeatureApiResponse } from '@growthbook/growthbook';
import type { TextChange } from './changes';

// GrowthBook's script-tag install ("auto" bundle): the SDK, its DOM mutator and the auto-wrapper
// that reads `window.growthbook_config`. With an inline payload it fetches nothing.

const packageJson = createRequire(import.meta.url).resolve('@growthbook/growthbook/package.json');
/** The file GrowthBook's docs put in the <script> tag (served by their CDN). */
export const GROWTHBOOK_BUNDLE = path.join(path.dirname(packageJson), 'dist/bundles/auto.min.js');
export const GROWTHBOOK_SCRIPT_PATH = '/growthbook/auto.min.js';

/**
 * One visual experiment on `pageUrl` whose treatment sets the text of the ten elements. All
 * traffic goes to the treatment (weights 0/1), as our visitor is pinned to the variants: the
 * visitor is still hashed into it, as every visitor would be.
 */
export function growthbookPayload(pageUrl: string, changes: readonly TextChange[]) {
  const experiment: AutoExperiment = {
    key: 'bench-ten-texts',
    changeId: 'bench-ten-texts-1',
    hashAttribute: 'id',
    hashVersion: 2,
    coverage: 1,
    weights: [0, 1],
    urlPatterns: [{ include: true, type: 'simple', pattern: pageUrl.replace(/\?.*$/, '') }],
    variations: [
      {},
      {
        domMutations: changes.map(({ selector, variant }) => ({
          selector,
          action: 'set',
          attribute: 'html',
          value: variant,
        })),
      },
    ],
  };
  const payload: FeatureApiResponse = { features: {}, experiments: [experiment] };
  return payload;
}

/** The inline <script> that hands GrowthBook its payload (no API host, no streaming). */
export function growthbookConfigScript(payload: FeatureApiResponse): string {
  const config = JSON.stringify({ payload, noStreaming: true }).replaceAll('<', '\\u003c');
  return `<script>window.growthbook_config=${config};</script>`;
}

/** The bundle's tag as GrowthBook's docs install it: `<script async>` before `</head>`. */
export const growthbookTag = (scriptOrigin: string) =>
  `<script async src="${scriptOrigin}${GROWTHBOOK_SCRIPT_PATH}"></script>`;
