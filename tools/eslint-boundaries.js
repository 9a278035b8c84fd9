// Local ESLint rule: import boundaries between folders (conventions 1 and 3).
// eslint-plugin-import-x needs unrs-resolver, whose platform binaries the npm registry mirror
// here only partly serves, which breaks `npm ci`; resolving relative paths is all we need.
import path from 'node:path';

const PACKAGE_ROOTS = {
  '@kindling/domain': 'packages/domain',
  '@kindling/page-runtime': 'packages/page-runtime',
};

function resolveTarget(source, filename, root) {
  if (source.startsWith('.'))
    return path.relative(root, path.resolve(path.dirname(filename), source));
  const packageName = Object.keys(PACKAGE_ROOTS).find(
    (name) => source === name || source.startsWith(`${name}/`),
  );
  return packageName ? PACKAGE_ROOTS[packageName] : undefined;
}

const inside = (file, folder) => file === folder || file.startsWith(`${folder}/`);

/** zones: [{target, from, except?: string[], message}] with paths relative to the repo root. */
export const boundaries = {
  rules: {
    'no-restricted-paths': {
      meta: { type: 'problem', schema: [{ type: 'object' }] },
      create(context) {
        const root = context.cwd;
        const { zones } = context.options[0];
        const file = path.relative(root, context.filename);
        const check = (node) => {
          if (!node.source || typeof node.source.value !== 'string') return;
          const target = resolveTarget(node.source.value, context.filename, root);
          if (!target) return;
          for (const zone of zones) {
            if (!inside(file, zone.target)) continue;
            const froms = [zone.from].flat();
            if (!froms.some((from) => inside(target, from))) continue;
            if ((zone.except ?? []).some((allowed) => inside(target, allowed))) continue;
            context.report({ node, message: zone.message });
          }
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        };
      },
    },
  },
};
