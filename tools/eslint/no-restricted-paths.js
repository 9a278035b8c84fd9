// Import boundaries between folders (conventions 1 and 3). eslint-plugin-import-x needs
// unrs-resolver, whose platform binaries the npm registry mirror here only partly serves, which
// breaks `npm ci`; resolving relative paths is all we need.
import path from 'node:path';
import { importVisitors, inside, resolveTarget } from './resolve-import.js';

/**
 * zones: [{target, from, except?, exceptTargets?, message, allowTypeImports?}], paths relative to
 * the repo root. A file inside `target` (and not inside `exceptTargets`) may not import anything
 * inside `from` unless it is inside `except`.
 */
export const noRestrictedPaths = {
  meta: { type: 'problem', schema: [{ type: 'object' }] },
  create(context) {
    const root = context.cwd;
    const { zones } = context.options[0];
    const file = path.relative(root, context.filename);
    const applicable = zones.filter(
      (zone) =>
        [zone.target].flat().some((target) => inside(file, target)) &&
        !(zone.exceptTargets ?? []).some((target) => inside(file, target)),
    );
    if (applicable.length === 0) return {};
    return importVisitors((node, source, typeOnly) => {
      const target = resolveTarget(source, context.filename, root);
      if (!target) return;
      for (const zone of applicable) {
        if (typeOnly && zone.allowTypeImports) continue;
        if (![zone.from].flat().some((from) => inside(target, from))) continue;
        if ((zone.except ?? []).some((allowed) => inside(target, allowed))) continue;
        context.report({ node, message: zone.message });
      }
    });
  },
};
