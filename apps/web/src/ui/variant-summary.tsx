import {
  moveChangeLabel,
  formatHsla,
  formatRgba,
  VARIANT_ATTRIBUTE_LABELS,
  VARIANT_CODE_KIND_LABELS,
  variantCodeOf,
  type ImageStatus,
  type Variant,
  type VariantAttribute,
  type VariantCodeKind,
  type VariantStyle,
} from '@kindling/domain';
import clsx from 'clsx';
import { isColourStyle, STYLE_LABELS } from '../lib/variant-style-names';
import { ImageIcon } from './icons';
import styles from './variant-summary.module.css';

type Info = Variant['info'];

const px = (value: number) => `${value}px`;

/** A short, readable value: "18px", "8px 12px 8px 12px"; colours are shown as chips. */
export function formatStyleValue(style: VariantStyle): string {
  switch (style.type) {
    case 'textColor':
    case 'backgroundColor':
    case 'borderColor':
      return formatHsla(style.value);
    case 'fontSize':
    case 'borderWidth':
      return px(style.value);
    case 'padding': {
      const { top, right, bottom, left } = style.value;
      return [top, right, bottom, left].map(px).join(' ');
    }
    case 'borderRadius': {
      const { topLeft, topRight, bottomRight, bottomLeft } = style.value;
      return [topLeft, topRight, bottomRight, bottomLeft].map(px).join(' ');
    }
  }
}

function StyleChips({ list }: { list: readonly VariantStyle[] }) {
  if (list.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label="Styles">
      {list.map((style) => (
        <li key={style.type} className={styles.chip} title={formatStyleValue(style)}>
          {isColourStyle(style.type) && typeof style.value === 'number' ? (
            <span className={styles.dot} style={{ background: formatRgba(style.value) }} />
          ) : null}
          <span>{STYLE_LABELS[style.type]}</span>
          {isColourStyle(style.type) ? null : (
            <span className={styles.value}>{formatStyleValue(style)}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * A variant's new link address, attribute values, inserted block, move, CSS and JavaScript
 * (issue 32), as chips.
 */
function ChangeChips({ info }: { info: Info }) {
  const changes = [
    ...(info.href === undefined ? [] : [['Link', info.href] as const]),
    ...Object.entries(info.attributes ?? {}).map(
      ([name, value]) => [VARIANT_ATTRIBUTE_LABELS[name as VariantAttribute], value ?? ''] as const,
    ),
    ...(info.insert === undefined
      ? []
      : [
          [
            `Block ${info.insert.position === 'before' ? 'before' : 'after'}`,
            info.insert.html,
          ] as const,
        ]),
    ...(info.move === undefined ? [] : [[moveChangeLabel(info.move), info.move.target] as const]),
    ...Object.entries(variantCodeOf(info)).flatMap(([kind, text]) =>
      text === null ? [] : [[VARIANT_CODE_KIND_LABELS[kind as VariantCodeKind], text] as const],
    ),
  ];
  if (changes.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label="Element changes">
      {changes.map(([label, value]) => (
        <li key={label} className={styles.chip} title={value}>
          <span>{label}</span>
          <span className={styles.value}>{value}</span>
        </li>
      ))}
    </ul>
  );
}

interface VariantSummaryProps {
  info: Info;
  /** The original text, shown (muted) when a variant only changes styles. */
  originalText?: string;
  /** Alternative text of an image. */
  alt: string;
  compact?: boolean;
}

const PHASE_LABELS: Record<ImageStatus['type'], string> = {
  start: 'Waiting to start',
  analyze: 'Analysing the image',
  generate: 'Generating',
  save: 'Saving',
  error: 'Failed',
};

/**
 * An image being generated: the phase, and a bar that fills over the phase's expected
 * duration (it restarts with each phase, as the key changes).
 */
function ImageProgress({ status, compact }: { status: ImageStatus; compact: boolean }) {
  const label = PHASE_LABELS[status.type];
  return (
    <span
      className={clsx(
        styles.thumb,
        styles.noImage,
        styles.progress,
        compact && styles.compactThumb,
      )}
      role="progressbar"
      aria-label={label}
      aria-valuetext={label}
      data-phase={status.type}
    >
      <span className={styles.phase}>{label}…</span>
      <span className={styles.track}>
        <span
          key={status.type}
          className={styles.bar}
          style={{ animationDuration: `${status.duration ?? 2_000}ms` }}
        />
      </span>
    </span>
  );
}

/** What a variant (or the original) shows: its text or image, and the styles it changes. */
export function VariantSummary({ info, originalText, alt, compact = false }: VariantSummaryProps) {
  if (info.hidden) {
    return (
      <span className={styles.summary}>
        <span className={clsx(styles.text, styles.muted)}>Element hidden</span>
      </span>
    );
  }
  if ('src' in info) {
    if (info.status && !info.src) return <ImageProgress status={info.status} compact={compact} />;
    const src = info.thumb ?? info.src;
    return src ? (
      <span className={styles.summary}>
        <img className={clsx(styles.thumb, compact && styles.compactThumb)} src={src} alt={alt} />
        <ChangeChips info={info} />
      </span>
    ) : (
      <span className={clsx(styles.thumb, styles.noImage, compact && styles.compactThumb)}>
        <ImageIcon />
        <span className="visually-hidden">No image yet</span>
      </span>
    );
  }
  if (info.redirect !== undefined) {
    // A split-URL test's variant: where its visitors go.
    return (
      <span className={styles.summary}>
        <span className={clsx(styles.text, compact && styles.compactText)}>
          <span className={styles.muted}>Sends visitors to </span>
          <code className={styles.address}>{info.redirect.trim() || '…'}</code>
        </span>
      </span>
    );
  }
  const advanced = info.textType === 'advanced' && Boolean(info.html?.trim());
  const value = info.value.trim();
  return (
    <span className={styles.summary}>
      {advanced ? (
        <code className={clsx(styles.text, styles.html)}>{info.html}</code>
      ) : value ? (
        <span className={clsx(styles.text, compact && styles.compactText)}>{value}</span>
      ) : (
        <span className={clsx(styles.text, styles.muted)}>{originalText || 'Original text'}</span>
      )}
      <StyleChips list={info.styles} />
      <ChangeChips info={info} />
    </span>
  );
}
