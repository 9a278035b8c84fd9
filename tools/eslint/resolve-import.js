// Resolves an import specifier to a repository-relative file path (or folder for packages).
import fs from 'node:fs';
import path from 'node:path';

const PACKAGE_ROOTS = {
  '@kindling/domain': 'packages/domain',
  '@kindling/page-runtime': 'packages/page-runtime',
};

const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx'];

/** The file a relative specifier names, absolute, or undefined when none exists. */
export function resolveRelativeFile(source, fromFile) {
  const base = path.resolve(path.dirname(fromFile), source);
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** Where an import points, relative to `root`: a file for relative imports, a package folder. */
export function resolveTarget(source, fromFile, root) {
  if (source.startsWith('.')) {
    const file = resolveRelativeFile(source, fromFile);
    return path.relative(root, file ?? path.resolve(path.dirname(fromFile), source));
  }
  const packageName = Object.keys(PACKAGE_ROOTS).find(
    (name) => source === name || source.startsWith(`${name}/`),
  );
  return packageName ? PACKAGE_ROOTS[packageName] : undefined;
}

export const inside = (file, folder) => file === folder || file.startsWith(`${folder}/`);

/** Calls `check(node, specifier, isTypeOnly)` for every import and re-export in a file. */
export function importVisitors(check) {
  const visit = (node) => {
    if (!node.source || typeof node.source.value !== 'string') return;
    const specifiers = node.specifiers ?? [];
    const typeOnly =
      node.importKind === 'type' ||
      node.exportKind === 'type' ||
      (specifiers.length > 0 &&
        specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));
    check(node, node.source.value, typeOnly);
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
}
