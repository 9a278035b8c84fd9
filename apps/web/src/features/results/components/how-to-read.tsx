import { formatShare } from '../../../lib/format';
import styles from './results-notes.module.css';

/** What the results mean, in plain words, folded away until asked for. */
export function HowToRead({ minimumDetectableEffect }: { minimumDetectableEffect: number | null }) {
  return (
    <details className={styles.howTo} data-testid="how-to-read">
      <summary>How to read these results</summary>
      <dl className={styles.list}>
        <dt>The verdict</dt>
        <dd>
          Each element gets one sentence that says what to do: a winner that is safe to ship, a
          winner that harms a guardrail, the original winning, no difference worth having, keep
          running, or not enough data yet. It already accounts for everything below.
        </dd>
        <dt>Uplift and its interval</dt>
        <dd>
          &ldquo;+12% (+3% to +21%)&rdquo; means the variant converts about 12% more often than the
          original, and the true change very likely lies between +3% and +21%. An interval that
          includes 0% means no clear difference yet. With several variants the interval is wider (a
          97.5% interval, say), so the chance of calling a false winner stays at 5% overall.
        </dd>
        <dt>Looking often is safe</dt>
        <dd>
          Results are always-valid by default: they stay correct however often you open this page,
          so a lucky early spike is not called a winner. A fixed-horizon test instead is read once,
          when every version has reached its planned visitors.
        </dd>
        <dt>The plan</dt>
        <dd>
          The minimum detectable effect
          {minimumDetectableEffect !== null
            ? ` (here ${formatShare(minimumDetectableEffect)})`
            : ''}{' '}
          is the smallest change worth finding; it is set in the campaign&rsquo;s settings. From it
          and the original&rsquo;s conversion rate comes the planned number of visitors per version,
          and the days left at the current traffic.
        </dd>
        <dt>Sample ratio mismatch</dt>
        <dd>
          The versions are shown in set proportions. When the visitors counted drift far from them,
          something is broken (the tag not loading for one version, a redirect, a bot), and no
          result can be trusted until it is fixed.
        </dd>
        <dt>Guardrails</dt>
        <dd>
          Guardrail metrics are goals that must not get worse, such as refunds or errors. A variant
          that wins but clearly harms a guardrail is not called safe to ship. Green always means
          better for your business and red worse, also where lower is better.
        </dd>
      </dl>
    </details>
  );
}
