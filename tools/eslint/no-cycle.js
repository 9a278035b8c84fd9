// Import cycles between files (runtime imports only; `import type` cannot form a cycle at run
// time). The graph is read with TypeScript's parser and cached for the whole lint run.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { importVisitors, resolveRelativeFile } from './resolve-import.js';

const graph = new Map();

function isTypeOnly(statement) {
  if (ts.isImportDeclaration(statement)) {
    const clause = statement.importClause;
    if (!clause) return false;
    if (clause.isTypeOnly) return true;
    const bindings = clause.namedBindings;
    return (
      !clause.name &&
      bindings !== undefined &&
      ts.isNamedImports(bindings) &&
      bindings.elements.length > 0 &&
      bindings.elements.every((element) => element.isTypeOnly)
    );
  }
  return ts.isExportDeclaration(statement) && statement.isTypeOnly;
}

/** Runtime relative imports of a file, as absolute paths. */
function importsOf(file) {
  const stamp = fs.statSync(file).mtimeMs;
  const cached = graph.get(file);
  if (cached && cached.stamp === stamp) return cached.imports;
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const imports = [];
  for (const statement of source.statements) {
    const specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier) || isTypeOnly(statement)) continue;
    if (!specifier.text.startsWith('.')) continue;
    const target = resolveRelativeFile(specifier.text, file);
    if (target && /\.(ts|tsx)$/.test(target)) imports.push(target);
  }
  graph.set(file, { stamp, imports });
  return imports;
}

/** A path of files from `start` back to `goal`, or undefined. */
function pathBack(start, goal) {
  const parents = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    if (file === goal) {
      const chain = [];
      for (let at = file; at !== undefined; at = parents.get(at)) chain.unshift(at);
      return chain;
    }
    for (const next of importsOf(file)) {
      if (!parents.has(next)) {
        parents.set(next, file);
        queue.push(next);
      }
    }
  }
  return undefined;
}

export const noCycle = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = context.filename;
    if (!/\.(ts|tsx)$/.test(file)) return {};
    return importVisitors((node, source, typeOnly) => {
      if (typeOnly || !source.startsWith('.') || node.type === 'ImportExpression') return;
      const target = resolveRelativeFile(source, file);
      if (!target || !/\.(ts|tsx)$/.test(target)) return;
      const chain = pathBack(target, file);
      if (!chain) return;
      const names = [file, ...chain].map((f) => path.relative(context.cwd, f));
      context.report({ node, message: `Import cycle: ${names.join(' -> ')}` });
    });
  },
};
