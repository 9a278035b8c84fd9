import {
  ADD_AI_VARIANTS,
  canAddDraftVariant,
  NEW_VARIANT_LIMIT_MESSAGE,
  type CampaignElement,
  type Variant,
} from '@kindling/domain';
import clsx from 'clsx';
import { useState } from 'react';
import { Badge } from '../../../../ui/badge';
import { Button } from '../../../../ui/button';
import { CheckIcon, TrashIcon } from '../../../../ui/icons';
import { Switch } from '../../../../ui/switch';
import { useEditMode } from '../../hooks/edit-mode-context';
import { usePreviewControls } from '../../hooks/preview-controls';
import type { AiText } from '../hooks/use-ai-text';
import { useElementsStore } from '../hooks/use-elements-store';
import { useVariantActions } from '../hooks/variant-actions';
import { VariantSummary } from '../../../../ui/variant-summary';
import styles from './variant-row.module.css';

interface VariantRowProps {
  element: CampaignElement;
  variant: Variant;
  /** 1-based position in its group, for names ("Variant 2"). */
  position: number;
  /** A text element's AI: offers "Suggest similar". */
  ai?: AiText | undefined;
}

type Busy = 'approve' | 'enable' | undefined;

export function VariantRow({ element, variant, position, ai }: VariantRowProps) {
  const { state, dispatch } = useElementsStore();
  const preview = usePreviewControls();
  const actions = useVariantActions();
  const editMode = useEditMode();
  const [busy, setBusy] = useState<Busy>();
  const suggested = variant.marker === 'suggested';
  const selected = state.selectedVariants[element.id] === variant.id;
  const toggleable = editMode.canToggle(variant);
  const name = `${suggested ? 'Suggestion' : 'Variant'} ${position}`;
  // In create mode an approved suggestion becomes a draft: the element's drafts are capped.
  const mayApprove = canAddDraftVariant(element.variants);

  async function run(kind: Exclude<Busy, undefined>, action: () => Promise<void>) {
    setBusy(kind);
    try {
      await action();
    } finally {
      setBusy(undefined);
    }
  }

  function select() {
    dispatch({ type: 'selectVariant', elementId: element.id, variantId: variant.id });
    preview.showVariant(element, variant);
  }

  return (
    <li
      className={clsx(styles.row, selected && styles.selected, !variant.isEnabled && styles.off)}
      data-testid="variant-row"
      data-variant-id={variant.id}
    >
      <button type="button" className={styles.select} aria-pressed={selected} onClick={select}>
        <span className={styles.name}>
          <span className={styles.label}>{name}</span>
          {variant.marker === 'draft' ? <Badge tone="warning">Draft</Badge> : null}
          {!variant.isEnabled ? <Badge>Disabled</Badge> : null}
        </span>
        <VariantSummary
          info={variant.info}
          originalText={element.type === 'text' ? element.control.info.value : undefined}
          alt={`${name} image`}
        />
      </button>
      <div className={styles.actions} role="toolbar" aria-label={`${name} actions`}>
        {suggested ? (
          <Button
            size="sm"
            variant="outline"
            icon={<CheckIcon size={14} />}
            loading={busy === 'approve'}
            disabled={!mayApprove}
            title={mayApprove ? undefined : NEW_VARIANT_LIMIT_MESSAGE}
            onClick={() => void run('approve', () => actions.approve(element.id, variant.id))}
          >
            Approve
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="ghost"
          color="secondary"
          onClick={() => actions.edit(element.id, variant.id)}
        >
          Edit
        </Button>
        <Button
          size="sm"
          variant="ghost"
          color="secondary"
          onClick={() => actions.duplicate(element.id, variant.id)}
        >
          Duplicate
        </Button>
        {ai && variant.type === 'text' ? (
          <Button
            size="sm"
            variant="ghost"
            color="secondary"
            disabled={ai.busy}
            onClick={() =>
              void ai.suggest({
                count: ADD_AI_VARIANTS,
                from: { value: variant.info.value, styles: variant.info.styles },
              })
            }
          >
            Suggest similar
          </Button>
        ) : null}
        <span className={styles.spacer} />
        {toggleable ? (
          <Switch
            label="Enabled"
            size="sm"
            checked={variant.isEnabled}
            disabled={busy === 'enable'}
            onCheckedChange={(checked) =>
              void run('enable', () => actions.setEnabled(element.id, variant.id, checked))
            }
          />
        ) : null}
        <Button
          size="sm"
          variant="ghost"
          color="danger"
          aria-label="Delete variant"
          title="Delete variant"
          icon={<TrashIcon size={16} />}
          onClick={() => void actions.remove(element.id, variant.id)}
        />
      </div>
    </li>
  );
}
