// Inside a web feature: layers state < api < hooks < components, and sub-features that never
// import a sibling (conventions 1; the wizard's elements, goals and settings).
import path from 'node:path';
import { importVisitors, resolveTarget } from './resolve-import.js';

const FEATURES = 'apps/web/src/features/';
const LAYERS = ['state', 'api', 'hooks', 'components'];

/** {feature, sub, layer} of a file under src/features, or undefined elsewhere. */
export function featurePlace(file) {
  if (!file.startsWith(FEATURES)) return undefined;
  const [feature, ...rest] = file.slice(FEATURES.length).split('/');
  const folders = rest.slice(0, -1);
  const layerAt = folders.findIndex((folder) => LAYERS.includes(folder));
  if (layerAt < 0) return { feature, sub: folders[0], layer: undefined };
  const sub = layerAt > 0 ? folders.slice(0, layerAt).join('/') : undefined;
  return { feature, sub, layer: folders[layerAt] };
}

export const featureLayers = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const root = context.cwd;
    const from = featurePlace(path.relative(root, context.filename));
    if (!from) return {};
    return importVisitors((node, source) => {
      if (!source.startsWith('.')) return;
      const to = featurePlace(resolveTarget(source, context.filename, root));
      if (!to || to.feature !== from.feature) return;
      if (from.sub && to.sub && from.sub !== to.sub) {
        context.report({
          node,
          message: `Sub-feature "${from.sub}" never imports its sibling "${to.sub}"; share through the feature's own layers.`,
        });
      }
      if (from.layer && to.layer && LAYERS.indexOf(to.layer) > LAYERS.indexOf(from.layer)) {
        context.report({
          node,
          message: `A ${from.layer} file may not import ${to.layer} (layers: ${LAYERS.join(' < ')}).`,
        });
      }
    });
  },
};
