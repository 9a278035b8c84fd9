import {
  VARIANT_CODE_KIND_LABELS,
  VARIANT_CODE_KINDS,
  VARIANT_CODE_MESSAGES,
  variantCodeOf,
  type Variant,
} from '@kindling/domain';
import { TextAreaField } from '../../../../ui/field';
import { useTeamSlug } from '../../../../lib/team-path';
import { useVariantCodeAccess } from '../hooks/use-variant-code-access';
import styles from './draft-editor.module.css';
import { useInitiallyOpen } from '../hooks/use-initially-open';

interface VariantCodeFieldsProps {
  variant: Variant;
  position: number;
  onChange: (variant: Variant) => void;
}

const HINTS = {
  css: 'Added to the page while this element shows the variant. No @import; images only from the page’s own site.',
  code: 'Runs once the variant’s changes are made, with `element` as this element. It runs on your visitors’ pages with their privileges.',
} as const;

/**
 * A variant's CSS and JavaScript (issue 32), folded away until opened: only where the instance
 * allows them (ALLOW_VARIANT_CODE), and only an owner may change them (the server says who may;
 * others see them read-only). The live preview shows the CSS; the code runs on the live page
 * and in preview links.
 */
export function VariantCodeFields({ variant, position, onChange }: VariantCodeFieldsProps) {
  const access = useVariantCodeAccess(useTeamSlug()).data;
  const stored = variantCodeOf(variant.info);
  const has = stored.css !== null || stored.code !== null;
  const initiallyOpen = useInitiallyOpen(has);
  if (!access || (!access.allowed && !has)) return null;
  const set = (kind: 'css' | 'code', text: string) =>
    onChange({
      ...variant,
      info: { ...variant.info, [kind]: text.trim() ? text : undefined },
    } as Variant);

  return (
    <details className={styles.changes} open={initiallyOpen} data-testid="variant-code">
      <summary>CSS and JavaScript</summary>
      <div className={styles.changeFields}>
        {access.mayEdit ? null : (
          <p className={styles.hiddenNote} role="note">
            {access.allowed ? VARIANT_CODE_MESSAGES.owner : VARIANT_CODE_MESSAGES.off}
          </p>
        )}
        {VARIANT_CODE_KINDS.map((kind) => (
          <TextAreaField
            key={kind}
            label={VARIANT_CODE_KIND_LABELS[kind]}
            aria-label={`Variant ${position} ${VARIANT_CODE_KIND_LABELS[kind]}`}
            hint={HINTS[kind]}
            rows={4}
            spellCheck={false}
            className={styles.code}
            readOnly={!access.mayEdit}
            value={variant.info[kind] ?? ''}
            onChange={(event) => set(kind, event.target.value)}
          />
        ))}
      </div>
    </details>
  );
}
