import type { Audience, CampaignAudience, Condition } from '@kindling/domain';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { FormError, SelectField } from '../../../ui/field';
import { PlusIcon } from '../../../ui/icons';
import { RadioCards } from '../../../ui/radio-cards';
import { useAudience } from '../hooks/use-audience';
import { AudienceConditionRow, type ConditionDraft } from './audience-condition-row';
import styles from './page-rules-card.module.css';
import { fieldsUnder, SaveActions } from './targeting-form-parts';

interface Draft {
  mode: 'everyone' | 'audience';
  match: Audience['match'];
  conditions: ConditionDraft[];
}

const MODE_OPTIONS = [
  { value: 'everyone', label: 'Every visitor' },
  { value: 'audience', label: 'Visitors who match conditions' },
] as const;

const NEW_CONDITION: ConditionDraft = {
  attribute: 'deviceType',
  name: '',
  operator: 'is',
  value: 'phone',
};

const draftOf = (condition: Condition): ConditionDraft => ({
  attribute: condition.attribute,
  name: 'name' in condition ? condition.name : '',
  operator: condition.operator,
  value:
    'values' in condition
      ? condition.values.join(', ')
      : 'value' in condition
        ? String(condition.value)
        : '',
});

/** The condition as the API takes it; the server checks and converts the operand. */
function inputOf(draft: ConditionDraft) {
  const { attribute, name, operator, value } = draft;
  return {
    attribute,
    ...(name || ['query', 'cookie', 'attribute'].includes(attribute) ? { name } : {}),
    operator,
    ...(operator === 'exists' || operator === 'notExists'
      ? {}
      : operator === 'oneOf'
        ? {
            values: value
              .split(',')
              .map((one) => one.trim())
              .filter(Boolean),
          }
        : { value }),
  };
}

function initialDraft(stored: CampaignAudience): Draft {
  return stored.audience
    ? {
        mode: 'audience',
        match: stored.audience.match,
        conditions: stored.audience.conditions.map(draftOf),
      }
    : { mode: 'everyone', match: 'all', conditions: [NEW_CONDITION] };
}

/**
 * "Who sees it" on the campaign page (issue 31): every visitor, or those matching all (or any)
 * of a list of conditions; the server validates each and says what is wrong, by field.
 */
export function AudienceCard({
  team,
  campaignId,
  readOnly,
}: {
  team: string;
  campaignId: number;
  readOnly: boolean;
}) {
  const { stored, save } = useAudience(team, campaignId);
  const [edited, setEdited] = useState<Draft | null>(null);
  const draft = edited ?? (stored.data ? initialDraft(stored.data) : null);
  if (!draft) {
    return (
      <Card title="Who sees it" data-testid="audience">
        {stored.isError ? <FormError message={stored.error.message} /> : null}
      </Card>
    );
  }
  const fields = isApiError(save.error) ? save.error.fields : {};
  const errorsOf = (index: number) => fieldsUnder(fields, `audience.conditions.${index}.`);
  const change = (next: Partial<Draft>) => {
    save.reset();
    setEdited({ ...draft, ...next });
  };
  const setCondition = (index: number, condition: ConditionDraft | null) =>
    change({
      conditions: condition
        ? draft.conditions.map((old, i) => (i === index ? condition : old))
        : draft.conditions.filter((_, i) => i !== index),
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const audience =
      draft.mode === 'everyone'
        ? null
        : ({ match: draft.match, conditions: draft.conditions.map(inputOf) } as Audience);
    save.mutate(audience, { onSuccess: () => setEdited(null) });
  };

  return (
    <Card
      title="Who sees it"
      description="Visitors outside the audience see the page as it is and are not counted."
      data-testid="audience"
    >
      <form className={styles.form} onSubmit={submit}>
        <RadioCards
          legend="Show the campaign to"
          name={`audience-mode-${campaignId}`}
          value={draft.mode}
          options={MODE_OPTIONS}
          size="sm"
          disabled={readOnly}
          onChange={(mode) => change({ mode })}
        />
        {draft.mode === 'audience' ? (
          <section className={styles.side} aria-label="Conditions">
            <SelectField
              label="Visitors must match"
              value={draft.match}
              disabled={readOnly}
              onChange={(event) => change({ match: event.target.value as Audience['match'] })}
            >
              <option value="all">all of these conditions</option>
              <option value="any">any of these conditions</option>
            </SelectField>
            <ol className={styles.rules}>
              {draft.conditions.map((condition, index) => (
                <AudienceConditionRow
                  key={index}
                  condition={condition}
                  label={`Condition ${index + 1}`}
                  errors={errorsOf(index)}
                  countryAvailable={stored.data?.countryAvailable ?? false}
                  disabled={readOnly}
                  onChange={(next) => setCondition(index, next)}
                  onRemove={() => setCondition(index, null)}
                />
              ))}
            </ol>
            {readOnly ? null : (
              <Button
                variant="outline"
                color="secondary"
                size="sm"
                icon={<PlusIcon size={14} />}
                onClick={() => change({ conditions: [...draft.conditions, NEW_CONDITION] })}
              >
                Add a condition
              </Button>
            )}
          </section>
        ) : null}
        <SaveActions
          save={save}
          readOnly={readOnly}
          edited={Boolean(edited)}
          onDiscard={() => setEdited(null)}
        />
      </form>
    </Card>
  );
}
