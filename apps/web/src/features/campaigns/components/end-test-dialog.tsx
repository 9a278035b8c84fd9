import type { EndChoice, RolloutChoice } from '@kindling/domain';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { endChoicesKey, fetchEndChoices } from '../../../lib/campaign-end-api';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { ErrorPanel } from '../../../ui/error-panel';
import { useModals, type ModalProps } from '../../../ui/modal-stack';
import { RadioCards } from '../../../ui/radio-cards';
import { LoadingState } from '../../../ui/spinner';
import styles from './end-test-dialog.module.css';

const ORIGINAL = 'original';

interface EndTestProps {
  team: string;
  campaignId: number;
  campaignName: string;
}

/** Each element's pick: "original" or a variant id, the results' suggestion first. */
const suggestedPicks = (elements: readonly EndChoice[]): Record<string, string> =>
  Object.fromEntries(
    elements.map((element) => [
      String(element.elementId),
      element.suggested === null ? ORIGINAL : String(element.suggested),
    ]),
  );

/** "End test": keep the original or roll out a variant, per element; resolves the choice. */
export function EndTestDialog({
  modal,
  team,
  campaignId,
  campaignName,
}: EndTestProps & ModalProps<RolloutChoice>) {
  const choices = useQuery({
    queryKey: endChoicesKey(team, campaignId),
    queryFn: () => fetchEndChoices(team, campaignId),
  });
  const [picked, setPicked] = useState<Record<string, string> | null>(null);
  const elements = choices.data?.elements ?? [];
  const picks = picked ?? suggestedPicks(elements);
  const rollout: RolloutChoice = Object.fromEntries(
    Object.entries(picks).map(([elementId, pick]) => [
      elementId,
      pick === ORIGINAL ? null : Number(pick),
    ]),
  );

  return (
    <Dialog
      modal={modal}
      title={`End ${campaignName}`}
      description="The test stops for good and its results stay readable. A variant you roll out is shown to every visitor until you remove it (its views are counted apart from the results); we remind you after 30 days to ship it in code."
      width={560}
      data-testid="end-test-dialog"
      footer={
        <>
          <Button variant="outline" color="secondary" onClick={() => modal.hide()}>
            Cancel
          </Button>
          <Button
            disabled={!choices.data}
            onClick={() => modal.hide(rollout)}
            data-testid="end-test-confirm"
          >
            End test
          </Button>
        </>
      }
    >
      {choices.isPending ? (
        <LoadingState />
      ) : choices.isError ? (
        <ErrorPanel
          title="Could not load the choices"
          error={choices.error}
          onRetry={() => void choices.refetch()}
        />
      ) : (
        <div className={styles.elements}>
          {elements.map((element) => (
            <RadioCards
              key={element.elementId}
              legend={
                elements.length === 1
                  ? 'What every visitor sees from now on'
                  : `${element.elementName}: what every visitor sees`
              }
              name={`rollout-${element.elementId}`}
              size="sm"
              layout="column"
              value={picks[String(element.elementId)] ?? ORIGINAL}
              onChange={(value) => setPicked({ ...picks, [String(element.elementId)]: value })}
              hint={element.verdict ? `Results: ${element.verdict}` : undefined}
              data-testid={`rollout-choice-${element.elementId}`}
              options={element.options.map((option) => ({
                value: option.variantId === null ? ORIGINAL : String(option.variantId),
                label: option.variantId === null ? 'Keep the original' : `Roll out ${option.name}`,
                description:
                  option.variantId !== null && option.variantId === element.suggested
                    ? 'The winner, as the results say'
                    : undefined,
              }))}
            />
          ))}
        </div>
      )}
    </Dialog>
  );
}

/** Opens "End test"; resolves the choice, or undefined when the person cancelled. */
export function useOpenEndTest(): (props: EndTestProps) => Promise<RolloutChoice | undefined> {
  const { open } = useModals();
  return useCallback((props: EndTestProps) => open(EndTestDialog, props), [open]);
}
