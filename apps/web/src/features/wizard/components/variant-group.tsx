import type { ReactNode } from 'react';
import { ChevronRightIcon } from '../../../ui/icons';
import { useWizard } from '../hooks/wizard-context';
import { isCollapsed, type CollapsibleGroup } from '../state/wizard-state';
import styles from './element-side-menu.module.css';

interface VariantGroupProps {
  elementId: number;
  group: CollapsibleGroup;
  title: string;
  count: number;
  children: ReactNode;
}

/** A collapsible list; collapsing clears the selected variant when it is inside (reducer). */
export function VariantGroup({ elementId, group, title, count, children }: VariantGroupProps) {
  const { state, dispatch } = useWizard();
  const collapsed = isCollapsed(state, elementId, group);
  const listId = `variant-group-${elementId}-${group}`;
  return (
    <section className={styles.group} data-testid={`variant-group-${group}`}>
      <h3 className={styles.groupHeading}>
        <button
          type="button"
          className={styles.groupToggle}
          aria-expanded={!collapsed}
          aria-controls={listId}
          aria-label={title}
          onClick={() => dispatch({ type: 'collapse', elementId, group, collapsed: !collapsed })}
        >
          <ChevronRightIcon size={16} className={styles.chevron} />
          <span>{title}</span>
          <span className={styles.count} aria-hidden="true">
            {count}
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
