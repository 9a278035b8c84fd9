import { ADD_AI_VARIANTS, INITIAL_TEXT_VARIANTS, TEXT_TONES } from '@kindling/domain';
import { Button } from '../../../../ui/button';
import { SelectField, TextField } from '../../../../ui/field';
import { SparkleIcon } from '../../../../ui/icons';
import type { AiText } from '../hooks/use-ai-text';
import { AiOutcome } from './ai-outcome';
import { PageContextSection } from './page-context-section';
import styles from './ai-panel.module.css';

const toneLabel = (tone: string) => tone[0]!.toUpperCase() + tone.slice(1);

/**
 * The element editor's AI controls for a text element: tone, extra instructions, and a button
 * that asks for the first suggestions (3), then one more at a time from the variant pool.
 */
export function AiTextSuggestions({
  ai,
  elementId,
  hasSuggestions,
}: {
  ai: AiText;
  elementId: number;
  hasSuggestions: boolean;
}) {
  const count = hasSuggestions ? ADD_AI_VARIANTS : INITIAL_TEXT_VARIANTS;
  return (
    <section className={styles.panel} aria-label="AI suggestions" data-testid="ai-text">
      <div className={styles.controls}>
        <SelectField
          label="Tone"
          id={`ai-tone-${elementId}`}
          value={ai.tone}
          onChange={(event) => ai.setTone(event.target.value)}
        >
          {TEXT_TONES.map((tone) => (
            <option key={tone} value={tone}>
              {toneLabel(tone)}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Extra instructions"
          id={`ai-instructions-${elementId}`}
          placeholder="e.g. mention the free trial"
          maxLength={500}
          value={ai.instructions}
          onChange={(event) => ai.setInstructions(event.target.value)}
        />
      </div>
      <Button
        variant="outline"
        icon={<SparkleIcon size={16} />}
        fullWidth
        loading={ai.busy}
        onClick={() => void ai.suggest({ count })}
      >
        {hasSuggestions ? 'Add AI variant' : `Suggest ${INITIAL_TEXT_VARIANTS} variants`}
      </Button>
      <AiOutcome offline={ai.offline} offlineWork="rule-based rewrites" error={ai.error} />
      <PageContextSection />
    </section>
  );
}
