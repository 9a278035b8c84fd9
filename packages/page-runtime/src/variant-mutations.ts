import {
  isPageElement,
  moveOf,
  PAGE_MARK_SELECTOR,
  redirectOf,
  variantCodeOf,
  type CampaignElement,
  type TrackerConfig,
  type Variant,
  type VariantAttribute,
} from '@kindling/domain';
import { PART_MUTATION_TYPES, type PageMutation } from './mutation-types';

// Also a package subpath (`@kindling/page-runtime/variant-mutations`): the server imports it
// without the DOM code the package index leads to.
export type { PageMutation };

/**
 * The page mutations that show `variant` of `element` (spec section 3): the one mapping used by
 * the editor's preview and by the tracker configuration the server serves to live pages.
 */
export function variantMutations(element: CampaignElement, variant: Variant): PageMutation[] {
  const { selector } = element;
  // A split-URL test's page: its variants only send visitors on, whatever else they hold.
  if (isPageElement(element)) {
    const url = redirectOf(variant);
    return url ? [{ type: 'redirect', selector, url }] : [];
  }
  // A layout change the tracker already applies (and re-applies after a re-render): no new code
  // on customers' pages.
  if (variant.info.hidden) return [{ type: 'layout', selector, styles: { display: 'none' } }];
  if (variant.type === 'image') {
    const image: PageMutation[] =
      variant.info.src.trim() === '' ? [] : [{ type: 'imageSrc', selector, src: variant.info.src }];
    return [...image, ...elementChanges(selector, variant)];
  }
  const { info } = variant;
  const text: PageMutation[] =
    info.textType === 'advanced' && info.html !== undefined && info.html.trim() !== ''
      ? [{ type: 'textValue', selector, value: info.value, html: info.html }]
      : info.value.trim() === ''
        ? []
        : [{ type: 'textValue', selector, value: info.value }];
  const styles = info.styles.map((style): PageMutation => {
    switch (style.type) {
      case 'padding':
        return { type: 'padding', selector, value: style.value };
      case 'borderRadius':
        return { type: 'borderRadius', selector, value: style.value };
      case 'fontSize':
      case 'borderWidth':
        return { type: style.type, selector, value: style.value };
      case 'textColor':
      case 'backgroundColor':
      case 'borderColor':
        return { type: style.type, selector, value: style.value };
    }
  });
  return [...text, ...styles, ...elementChanges(selector, variant)];
}

/**
 * A variant's new link address, attribute values, inserted block, move, stylesheet and script
 * (issue 32), after its content (a copy moved shows it); the script last, run once the rest is
 * made.
 */
function elementChanges(selector: string, variant: Variant): PageMutation[] {
  const { info } = variant;
  const { css, code } = variantCodeOf(info);
  const move = moveOf(variant);
  const attributes = Object.entries(info.attributes ?? {}).map(([name, value]): PageMutation => ({
    type: 'attribute',
    selector,
    name: name as VariantAttribute,
    value: value ?? '',
  }));
  return [
    ...(info.href === undefined ? [] : [{ type: 'link' as const, selector, href: info.href }]),
    ...attributes,
    ...(info.insert === undefined ? [] : [{ type: 'insert' as const, selector, ...info.insert }]),
    ...(move === undefined ? [] : [{ type: 'move' as const, selector, ...move }]),
    ...(css === null ? [] : [{ type: 'css' as const, selector, css }]),
    ...(code === null ? [] : [{ type: 'code' as const, selector, code }]),
  ];
}

/** A variant's stylesheet or script (variant-code.ts), served only where the instance allows. */
const isCodeChange = (mutation: PageMutation): boolean =>
  mutation.type === 'css' || mutation.type === 'code';

/** What the tracker's targeting part applies: redirects, moves and variant code. */
const isPartChange = (mutation: PageMutation): boolean =>
  (PART_MUTATION_TYPES as readonly string[]).includes(mutation.type);

/**
 * What is served of a variant's mutations: all of them where the instance allows variant code
 * (ALLOW_VARIANT_CODE), else all but its stylesheet and script, whatever was stored before.
 */
export const servedMutations =
  (allowCode: boolean) =>
  (mutations: PageMutation[]): PageMutation[] =>
    allowCode ? mutations : mutations.filter((mutation) => !isCodeChange(mutation));

/**
 * Which tracker bundle a team's pages get (tracker-build.mjs): the HTML allow-list only when a
 * served variant holds HTML, the targeting part (page rules, audiences, the global holdout,
 * split-URL redirects) only when a campaign has page rules, an audience or a redirect, or the
 * team holds visitors out, and for variants' moves and code.
 */
export function trackerKindFor(
  config: TrackerConfig<PageMutation>,
): 'plain' | 'html' | 'rules' | 'html-rules' {
  const html = config.campaigns.some((campaign) =>
    campaign.elements.some((element) =>
      element.variants.some((variant) =>
        variant.mutations.some(
          (mutation) =>
            ('html' in mutation && mutation.html !== undefined) ||
            mutation.type === 'link' ||
            mutation.type === 'attribute',
        ),
      ),
    ),
  );
  const rules =
    !!config.holdout ||
    config.campaigns.some(
      (campaign) =>
        campaign.pages ||
        campaign.audience ||
        campaign.elements.some(
          (element) =>
            element.selector === PAGE_MARK_SELECTOR ||
            element.variants.some((variant) => variant.mutations.some(isPartChange)),
        ),
    );
  if (rules) return html ? 'html-rules' : 'rules';
  return html ? 'html' : 'plain';
}
