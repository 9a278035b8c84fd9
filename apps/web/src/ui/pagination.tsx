import clsx from 'clsx';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import styles from './pagination.module.css';

interface PaginationProps {
  /** 1-based current page. */
  page: number;
  pageCount: number;
  /** The numbered pages to show (a block of at most 5 around the current page). */
  blocks: readonly number[];
  onPageChange: (page: number) => void;
  label?: string;
}

export function Pagination({
  page,
  pageCount,
  blocks,
  onPageChange,
  label = 'Pages',
}: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className={styles.pagination} aria-label={label} data-testid="pagination">
      <button
        type="button"
        className={clsx(styles.item, styles.step)}
        onClick={() => onPageChange(page - 1)}
        disabled={page <= 1}
        aria-label="Previous page"
      >
        <ChevronLeftIcon size={16} />
        <span>Previous</span>
      </button>
      <ol className={styles.blocks}>
        {blocks.map((block) => (
          <li key={block}>
            <button
              type="button"
              className={clsx(styles.item, block === page && styles.current)}
              onClick={() => onPageChange(block)}
              aria-current={block === page ? 'page' : undefined}
              aria-label={`Page ${block}`}
            >
              {block}
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className={clsx(styles.item, styles.step)}
        onClick={() => onPageChange(page + 1)}
        disabled={page >= pageCount}
        aria-label="Next page"
      >
        <span>Next</span>
        <ChevronRightIcon size={16} />
      </button>
    </nav>
  );
}
