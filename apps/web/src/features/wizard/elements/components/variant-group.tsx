import type { CampaignElement } from '@kindling/domain';
import type { ReactNode } from 'react';
import { ChevronRightIcon } from '../../../../ui/icons';
import { usePreviewControls } from '../../hooks/preview-controls';
import { useElementsStore } from '../hooks/use-elements-store';
import { isCollapsed } from '../state/element-updates';
import type { CollapsibleGroup } from '../state/elements-state';
import styles from './element-side-menu.module.css';

interface VariantGroupProps {
  element: CampaignElement;
  group: CollapsibleGroup;
  /** The variants listed, to know whether collapsing hides the one shown in the page. */
  variantIds: readonly number[];
  title: string;
  children: ReactNode;
}

/** A collapsible list; collapsing clears the selected variant when it is inside (reducer). */
export function VariantGroup(props: VariantGroupProps) {
  const { element, group, variantIds, title, children } = props;
  const { state, dispatch } = useElementsStore();
  const preview = usePreviewControls();
  const elementId = element.id;
  const collapsed = isCollapsed(state, elementId, group);
  const listId = `variant-group-${elementId}-${group}`;

  function toggle() {
    const selected = state.selectedVariants[elementId];
    dispatch({ type: 'collapse', elementId, group, collapsed: !collapsed });
    // The reducer clears a selection hidden by collapsing; the page goes back to the original.
    if (!collapsed && selected !== undefined && variantIds.includes(selected)) {
      preview.showVariant(element, undefined);
    }
  }

  return (
    <section className={styles.group} data-testid={`variant-group-${group}`}>
      <h3 className={styles.groupHeading}>
        <button
          type="button"
          className={styles.groupToggle}
          aria-expanded={!collapsed}
          aria-controls={listId}
          aria-label={title}
          onClick={toggle}
        >
          <ChevronRightIcon size={16} className={styles.chevron} />
          <span>{title}</span>
          <span className={styles.count} aria-hidden="true">
            {variantIds.length}
          </span>
        </button>
      </h3>
      {collapsed ? null : (
        <ul className={styles.list} id={listId} aria-label={title}>
          {children}
        </ul>
      )}
    </section>
  );
}
