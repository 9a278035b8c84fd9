import { Script } from 'node:vm';
import {
  codeSyntaxMessage,
  cssSyntaxMessage,
  cssUrlMessage,
  pageOrigin,
  VARIANT_CODE_MESSAGES,
  variantCodeOf,
  type Variant,
} from '@kindling/domain';
import { ident, parse, string, tokenize, tokenTypes, url, walk } from 'css-tree';
import { validationError } from '../../errors';

/** Properties through which old browsers run code from a stylesheet. */
const RUNS_CODE = /^(behavior|-moz-binding)$/i;

/** A `url()` the page may load: on its own site (relative or absolute) or a data: image. */
function allowedUrl(address: string, pageUrl: string): boolean {
  if (/^data:image\//i.test(address.trim())) return true;
  try {
    const target = new URL(address, pageUrl);
    return target.origin === new URL(pageUrl).origin;
  } catch {
    return false;
  }
}

/** Functions whose strings (or whose whole argument, for `url`) a browser loads. */
const LOADS = new Set(['url', 'src', 'image', 'image-set', '-webkit-image-set', 'cross-fade']);

/** Names as the browser reads them: `@\\69mport` is an @import, `u\\72l(` a url(. */
const nameOf = (raw: string) => ident.decode(raw).toLowerCase();

/**
 * What the stylesheet's tokens load or run, read token by token as a browser reads them: every
 * `url()` (also when its name is escaped, which css-tree's tree keeps as raw text), every
 * string inside a function that loads it, every @import, and `expression()`.
 */
function tokenProblem(css: string, pageUrl: string): string | undefined {
  let problem: string | undefined;
  const functions: string[] = [];
  let urlFrom = -1;
  const load = (address: string) => {
    if (!problem && !allowedUrl(address, pageUrl)) {
      problem = cssUrlMessage(pageOrigin(pageUrl) ?? pageUrl, address.trim());
    }
  };
  tokenize(css, (type, start, end) => {
    const text = css.slice(start, end);
    if (type === tokenTypes.AtKeyword && nameOf(text.slice(1)) === 'import') {
      problem ??= VARIANT_CODE_MESSAGES.cssImport;
    } else if (type === tokenTypes.Url) load(url.decode(text));
    else if (type === tokenTypes.BadUrl) load(text);
    else if (type === tokenTypes.Function) {
      const name = nameOf(text.slice(0, -1));
      if (name === 'expression') problem ??= VARIANT_CODE_MESSAGES.cssBinding;
      if (name === 'url') urlFrom = end;
      functions.push(name);
    } else if (type === tokenTypes.LeftParenthesis) functions.push('');
    else if (type === tokenTypes.RightParenthesis) {
      if (functions.pop() === 'url' && urlFrom >= 0) {
        const inside = css.slice(urlFrom, start).trim();
        load(/^["']/.test(inside) ? string.decode(inside) : url.decode(`url(${inside})`));
        urlFrom = -1;
      }
    } else if (type === tokenTypes.String && LOADS.has(functions.at(-1) ?? '')) {
      load(string.decode(text));
    }
  });
  return problem;
}

/**
 * Why a variant's stylesheet is refused (undefined when it is not): it must parse, load no other
 * stylesheet, run no code and load files only from the page's own site. Parsed by css-tree, the
 * parser csso and svgo use, and read token by token, not matched by patterns a comment or an
 * escape would slip past.
 */
export function cssProblem(css: string, pageUrl: string): string | undefined {
  // What it would load or run first: that says more than where the parser stumbled.
  let problem = tokenProblem(css, pageUrl);
  if (problem) return problem;
  const ast = parse(css, {
    positions: true,
    onParseError: (error) => {
      problem ??= cssSyntaxMessage(error.message, error.line);
    },
  });
  if (problem) return problem;
  walk(ast, (node) => {
    if (node.type === 'Declaration' && RUNS_CODE.test(nameOf(node.property))) {
      problem ??= VARIANT_CODE_MESSAGES.cssBinding;
    }
  });
  return problem;
}

/** Why a variant's script is refused: it must compile (it is compiled here, never run). */
export function codeProblem(code: string): string | undefined {
  try {
    new Script(`(function(element){${code}\n})`);
    return undefined;
  } catch (error) {
    return codeSyntaxMessage(error instanceof Error ? error.message : String(error));
  }
}

/**
 * Refuses, naming the variant's field, a stylesheet or script any incoming variant holds that
 * would not be served as written.
 */
export function assertVariantCodeValid(
  elements: readonly { variants: readonly Variant[] }[],
  pageUrl: string,
  fieldOf: (element: number, variant: number) => string = (e, v) =>
    `elements.${e}.variants.${v}.info`,
): void {
  elements.forEach((element, e) =>
    element.variants.forEach((variant, v) => {
      const { css, code } = variantCodeOf(variant.info);
      const cssRefusal = css === null ? undefined : cssProblem(css, pageUrl);
      if (cssRefusal) throw validationError(cssRefusal, { [`${fieldOf(e, v)}.css`]: cssRefusal });
      const codeRefusal = code === null ? undefined : codeProblem(code);
      if (codeRefusal) {
        throw validationError(codeRefusal, { [`${fieldOf(e, v)}.code`]: codeRefusal });
      }
    }),
  );
}
