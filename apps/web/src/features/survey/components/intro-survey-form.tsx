import {
  DEMOGRAPHIC_OPTIONS,
  INDUSTRY_OPTIONS,
  introSurveySchema,
  MARKETING_SPEND_OPTIONS,
  type IntroSurveyAnswers,
} from '@kindling/domain';
import type { FormEvent, ReactNode } from 'react';
import { useForm } from '../../../lib/use-form';
import { Button } from '../../../ui/button';
import { FormError, SelectField, TextField } from '../../../ui/field';
import { toastSuccess } from '../../../ui/toast';
import { useSaveIntroSurvey } from '../hooks/use-intro-survey';
import styles from './intro-survey-form.module.css';

/** How the spend brackets read; the stored values are the spec's ("<10k"). */
const SPEND_LABELS: Record<(typeof MARKETING_SPEND_OPTIONS)[number], string> = {
  '<10k': 'Under 10k',
  '10k-50k': '10k – 50k',
  '50k-250k': '50k – 250k',
  '250k-1M': '250k – 1M',
  '>1M': 'Over 1M',
};

interface IntroSurveyFormProps {
  team: string;
  initial: IntroSurveyAnswers;
  /** Shown after a save, e.g. "Thanks for telling us about Acme". */
  savedMessage: string;
  /** Buttons beside Save, e.g. "Not now". */
  extraActions?: ReactNode;
  /** Read-only (a guest): the answers show, nothing can be saved. */
  readOnly?: boolean;
  /** Settings only offers Save once something changed. */
  saveOnlyChanges?: boolean;
  /** Settings says "Save answers": the team's name has a Save of its own on that page. */
  submitLabel?: string;
}

/** The empty first choice: nothing is preselected, so no answer is made up (issue 35). */
function Unanswered() {
  return (
    <option value="" disabled>
      Choose one…
    </option>
  );
}

/** The intro survey's five fields (spec section 3), for the campaign-list prompt and settings. */
export function IntroSurveyForm({
  team,
  initial,
  savedMessage,
  extraActions,
  readOnly = false,
  saveOnlyChanges = false,
  submitLabel = 'Save',
}: IntroSurveyFormProps) {
  const form = useForm(introSurveySchema, initial);
  const save = useSaveIntroSurvey(team);
  const unchanged = (Object.keys(initial) as (keyof IntroSurveyAnswers)[]).every(
    (field) => form.values[field] === initial[field],
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.validate()) return;
    save.mutate(introSurveySchema.parse(form.values), {
      onSuccess: () => toastSuccess(savedMessage),
      onError: (error) => form.showError(error),
    });
  }

  const select = <K extends 'marketingSpend' | 'demographic' | 'industry'>(name: K) => ({
    name,
    value: form.values[name],
    error: form.errors[name],
    disabled: readOnly,
    onChange: (event: { target: { value: string } }) =>
      form.setField(name, event.target.value as IntroSurveyAnswers[K]),
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Intro survey">
      <FormError message={form.formError} />
      <div className={styles.grid}>
        <TextField
          label="Company name"
          autoComplete="organization"
          readOnly={readOnly}
          {...form.inputProps('companyName')}
        />
        <SelectField label="Marketing spend per month" {...select('marketingSpend')}>
          <Unanswered />
          {MARKETING_SPEND_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {SPEND_LABELS[option]}
            </option>
          ))}
        </SelectField>
        <SelectField label="What describes you best" {...select('demographic')}>
          <Unanswered />
          {DEMOGRAPHIC_OPTIONS.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </SelectField>
        <SelectField label="Industry" {...select('industry')}>
          <Unanswered />
          {INDUSTRY_OPTIONS.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </SelectField>
        <TextField
          label="How did you hear about us?"
          hint="Optional"
          className={styles.wide}
          readOnly={readOnly}
          {...form.inputProps('referral')}
        />
      </div>
      {readOnly ? null : (
        <div className={styles.actions}>
          {extraActions}
          <Button
            type="submit"
            loading={save.isPending}
            loadingText="Saving…"
            disabled={saveOnlyChanges && unchanged}
          >
            {submitLabel}
          </Button>
        </div>
      )}
    </form>
  );
}
