import { featureLayers } from './feature-layers.js';
import { noCycle } from './no-cycle.js';
import { noRestrictedPaths } from './no-restricted-paths.js';

export const kindling = {
  rules: {
    'no-restricted-paths': noRestrictedPaths,
    'feature-layers': featureLayers,
    'no-cycle': noCycle,
  },
};
