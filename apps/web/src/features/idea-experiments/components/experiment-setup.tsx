import {
  EXPERIMENT_VARIANT_COUNT,
  EXPERIMENT_IDEA_MAX_LENGTH,
  LANDING_PAGE_LIMITS,
  type ExperimentVariant,
} from '@kindling/domain';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { FormError, TextField } from '../../../ui/field';
import { useStartExperiment, useSuggestVariants } from '../hooks/use-idea-experiment';
import styles from './idea-test.module.css';

const EMPTY: ExperimentVariant = { headline: '', ctaLabel: '' };

/** The variants the server found wrong, by row: "variants.1.headline" -> row 1's headline. */
function rowErrors(fields: Record<string, string>, index: number) {
  return {
    headline: fields[`variants.${index}.headline`],
    ctaLabel: fields[`variants.${index}.ctaLabel`],
  };
}

/**
 * The set-up: one sentence about the idea, "Suggest variants" fills up to five rows of headline
 * and button text (AI), each editable; rows are added and removed by hand too. Start runs them.
 */
export function ExperimentSetup({ team, pageId }: { team: string; pageId: number }) {
  const [idea, setIdea] = useState('');
  const [rows, setRows] = useState<ExperimentVariant[]>([{ ...EMPTY }]);
  const suggest = useSuggestVariants(team, pageId);
  const start = useStartExperiment(team, pageId);
  const fields = isApiError(start.error) ? start.error.fields : {};

  const change = (index: number, patch: Partial<ExperimentVariant>) =>
    setRows((current) => current.map((row, at) => (at === index ? { ...row, ...patch } : row)));

  function onSuggest() {
    suggest.mutate(idea, {
      onSuccess: (answer) => {
        if (answer.variants.length > 0) setRows(answer.variants.slice(0, EXPERIMENT_VARIANT_COUNT));
      },
    });
  }

  function onStart(event: FormEvent) {
    event.preventDefault();
    start.mutate(rows);
  }

  return (
    <form onSubmit={onStart} noValidate className={styles.stack} aria-label="Set up the test">
      <Card
        title="Your idea"
        description="Say in one sentence what you want to find out. Kindling suggests headlines and button texts to try; you can edit them or write your own."
      >
        <div className={styles.ideaRow}>
          <TextField
            label="The idea, in one sentence"
            name="idea"
            value={idea}
            maxLength={EXPERIMENT_IDEA_MAX_LENGTH}
            placeholder="Founders will pay for a planner that protects their focus time"
            onChange={(event) => setIdea(event.target.value)}
            error={suggest.isError ? errorMessage(suggest.error) : undefined}
          />
          <Button
            variant="outline"
            onClick={onSuggest}
            loading={suggest.isPending}
            loadingText="Suggesting…"
            disabled={idea.trim() === ''}
          >
            Suggest variants
          </Button>
        </div>
        {suggest.data?.offline ? (
          <p className={styles.note}>Offline suggestions: rules, no AI model is configured.</p>
        ) : null}
      </Card>
      <Card
        title="Variants"
        description={`Up to ${EXPERIMENT_VARIANT_COUNT}. Each variant changes the headline and the button together; visitors are split evenly between them and the original.`}
      >
        <ol className={styles.rows} aria-label="Variants">
          {rows.map((row, index) => {
            const errors = rowErrors(fields, index);
            return (
              <li key={index} className={styles.row} data-testid="variant-row">
                <span className={styles.rowLabel}>Variant {index + 1}</span>
                <TextField
                  label="Headline"
                  name={`headline-${index}`}
                  value={row.headline}
                  maxLength={LANDING_PAGE_LIMITS.headline}
                  onChange={(event) => change(index, { headline: event.target.value })}
                  error={errors.headline}
                />
                <TextField
                  label="Button text"
                  name={`cta-${index}`}
                  value={row.ctaLabel}
                  maxLength={LANDING_PAGE_LIMITS.ctaLabel}
                  onChange={(event) => change(index, { ctaLabel: event.target.value })}
                  error={errors.ctaLabel}
                />
                <Button
                  variant="ghost"
                  color="danger"
                  size="sm"
                  className={styles.remove}
                  disabled={rows.length === 1}
                  aria-label={`Remove variant ${index + 1}`}
                  onClick={() => setRows((current) => current.filter((_row, at) => at !== index))}
                >
                  Remove
                </Button>
              </li>
            );
          })}
        </ol>
        <div className={styles.actions}>
          <Button
            variant="outline"
            disabled={rows.length >= EXPERIMENT_VARIANT_COUNT}
            onClick={() => setRows((current) => [...current, { ...EMPTY }])}
          >
            Add a variant
          </Button>
          <Button type="submit" loading={start.isPending} loadingText="Starting…">
            Start the test
          </Button>
        </div>
        <FormError message={start.isError ? errorMessage(start.error) : null} />
      </Card>
    </form>
  );
}
