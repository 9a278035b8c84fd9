import clsx from 'clsx';
import { useRef, type KeyboardEvent } from 'react';
import styles from './tab-list.module.css';

export interface TabOption<V extends string> {
  value: V;
  label: string;
}

interface TabListProps<V extends string> {
  /** Names the tab list for screen readers. */
  label: string;
  /** Unique on the screen: tab and panel ids are built from it. */
  idPrefix: string;
  value: V;
  options: readonly TabOption<V>[];
  onChange: (value: V) => void;
  className?: string;
}

export const tabDomId = (idPrefix: string, value: string) => `${idPrefix}-tab-${value}`;
export const tabPanelDomId = (idPrefix: string, value: string) => `${idPrefix}-panel-${value}`;

/**
 * The attributes of the panel of tab `value`. The caller keeps every panel mounted (an iframe
 * or a half-typed form survives a switch); `hidden` takes the others out of sight.
 */
export function tabPanelProps(idPrefix: string, value: string, selected: string) {
  return {
    role: 'tabpanel',
    id: tabPanelDomId(idPrefix, value),
    'aria-labelledby': tabDomId(idPrefix, value),
    hidden: value !== selected,
  } as const;
}

/**
 * The WAI-ARIA tabs pattern with automatic activation: one tab stop, the arrow keys (and Home,
 * End) move between tabs and select them.
 */
export function TabList<V extends string>(props: TabListProps<V>) {
  const { label, idPrefix, value, options, onChange, className } = props;
  const listRef = useRef<HTMLDivElement>(null);

  function onKeyDown(event: KeyboardEvent) {
    const at = options.findIndex((option) => option.value === value);
    const last = options.length - 1;
    const to =
      event.key === 'ArrowRight'
        ? (at + 1) % options.length
        : event.key === 'ArrowLeft'
          ? (at + last) % options.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    const target = to === undefined ? undefined : options[to];
    if (!target) return;
    event.preventDefault();
    onChange(target.value);
    listRef.current?.querySelector<HTMLElement>(`#${tabDomId(idPrefix, target.value)}`)?.focus();
  }

  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={label}
      className={clsx(styles.list, className)}
      onKeyDown={onKeyDown}
    >
      {options.map((option) => {
        const selected = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            role="tab"
            id={tabDomId(idPrefix, option.value)}
            aria-selected={selected}
            aria-controls={tabPanelDomId(idPrefix, option.value)}
            tabIndex={selected ? 0 : -1}
            className={clsx(styles.tab, selected && styles.selected)}
            onClick={() => onChange(option.value)}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
