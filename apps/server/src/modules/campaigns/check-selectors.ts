import {
  SHADOW_SELECTOR_SEPARATOR,
  selectorSyntaxMessage,
  type CampaignElement,
  type Goal,
  type Variant,
} from '@kindling/domain';
import { parse, type CssNode, type SelectorList } from 'css-tree';
import { validationError } from '../../errors';

/**
 * A combinator with no selector on one of its sides ("a >", "> a", "a > > b"): css-tree reads
 * these as selectors, browsers refuse them. Only top-level selectors are looked at: inside
 * `:has()` a leading combinator is allowed.
 */
function danglingCombinator(list: SelectorList): boolean {
  return list.children.toArray().some((selector: CssNode) => {
    if (selector.type !== 'Selector') return false;
    const parts = selector.children.toArray();
    return parts.some(
      (part, index) =>
        part.type === 'Combinator' &&
        (index === 0 || index === parts.length - 1 || parts[index + 1]?.type === 'Combinator'),
    );
  });
}

function partProblem(part: string): string | undefined {
  // css-tree reads nothing as an empty list; a browser refuses it.
  let reason = part === '' ? 'selector is expected' : undefined;
  try {
    const list = parse(part, {
      context: 'selectorList',
      positions: false,
      onParseError: (error) => {
        reason ??= error.message;
      },
    }) as SelectorList;
    if (!reason && danglingCombinator(list)) reason = 'a combinator needs a selector each side';
  } catch (error) {
    reason = error instanceof Error ? error.message : String(error);
  }
  return reason === undefined ? undefined : selectorSyntaxMessage(reason.toLowerCase());
}

/**
 * Why a browser would refuse the selector, or undefined. Lenient where the parser is (an unknown
 * pseudo-class passes): it must never refuse a selector a browser takes, like `:has(> img)`,
 * `:nth-child(2 of .x)` or our shadow-root separator.
 */
export function selectorProblem(selector: string): string | undefined {
  for (const part of selector.split(SHADOW_SELECTOR_SEPARATOR)) {
    const problem = partProblem(part.trim());
    if (problem) return problem;
  }
  return undefined;
}

interface NamedSelector {
  field: string;
  selector: string;
}

/** Refuses the write, naming each field, when any selector would match nothing for its syntax. */
export function assertSelectorsParse(selectors: readonly NamedSelector[]): void {
  const refused = selectors.flatMap(({ field, selector }) => {
    const problem = selectorProblem(selector);
    return problem ? [{ field, problem }] : [];
  });
  if (refused.length === 0) return;
  throw validationError(
    refused[0]!.problem,
    Object.fromEntries(refused.map(({ field, problem }) => [field, problem])),
  );
}

/** The selectors of incoming variants: a move's target. */
export const variantSelectors = (
  variants: readonly Variant[],
  fieldOf: (index: number) => string,
): NamedSelector[] =>
  variants.flatMap((variant, v) =>
    variant.info.move
      ? [{ field: `${fieldOf(v)}.info.move.target`, selector: variant.info.move.target }]
      : [],
  );

/** Every selector a campaign write stores: its elements', their moves' targets, its click goals'. */
export const campaignSelectors = (
  elements: readonly CampaignElement[],
  goals: readonly Goal[],
): NamedSelector[] => [
  ...elements.flatMap((element, e) => [
    { field: `elements.${e}.selector`, selector: element.selector },
    ...variantSelectors(element.variants, (v) => `elements.${e}.variants.${v}`),
  ]),
  ...goals.flatMap((goal, g) =>
    (goal.event.elements ?? []).map((element, i) => ({
      field: `goals.${g}.event.elements.${i}.selector`,
      selector: element.selector,
    })),
  ),
];
