import type { CampaignElement, TrackerConfig, Variant, VariantAttribute } from '@kindling/domain';
import type { PageMutation } from './mutation-types';

// Also a package subpath (`@kindling/page-runtime/variant-mutations`): the server imports it
// without the DOM code the package index leads to.
export type { PageMutation };

/**
 * The page mutations that show `variant` of `element` (spec section 3): the one mapping used by
 * the editor's preview and by the tracker configuration the server serves to live pages.
 */
export function variantMutations(element: CampaignElement, variant: Variant): PageMutation[] {
  const { selector } = element;
  // A layout change the tracker already applies (and re-applies after a re-render): no new code
  // on customers' pages.
  if (variant.info.hidden) return [{ type: 'layout', selector, styles: { display: 'none' } }];
  if (variant.type === 'image') {
    const image: PageMutation[] =
      variant.info.src.trim() === '' ? [] : [{ type: 'imageSrc', selector, src: variant.info.src }];
    return [...image, ...elementChanges(selector, variant.info)];
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
  return [...text, ...styles, ...elementChanges(selector, info)];
}

/** A variant's new link address, attribute values and inserted block (issue 32), after its content. */
function elementChanges(selector: string, info: Variant['info']): PageMutation[] {
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
  ];
}

/**
 * Which tracker bundle a team's pages get (tracker-build.mjs): the HTML allow-list only when a
 * served variant holds HTML, the targeting part (page rules, audiences, the global holdout)
 * only when a campaign has page rules or an audience, or the team holds visitors out.
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
    !!config.holdout || config.campaigns.some((campaign) => campaign.pages || campaign.audience);
  if (rules) return html ? 'html-rules' : 'rules';
  return html ? 'html' : 'plain';
}
