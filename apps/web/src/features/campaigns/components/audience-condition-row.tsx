import {
  AUDIENCE_API_MESSAGES,
  AUDIENCE_CHOICES,
  AUDIENCE_OPERATORS_OF,
  audienceGroupOf,
  type AudienceAttribute,
  type ConditionOperator,
} from '@kindling/domain';
import { FormError, SelectField, TextField } from '../../../ui/field';
import styles from './page-rules-card.module.css';
import { RowHead } from './targeting-form-parts';

/** A condition as the form holds it: every operand as text. */
export interface ConditionDraft {
  attribute: AudienceAttribute;
  name: string;
  operator: ConditionOperator;
  value: string;
}

export const ATTRIBUTE_LABELS: Record<AudienceAttribute, string> = {
  deviceType: 'Device',
  browser: 'Browser',
  os: 'Operating system',
  visitorType: 'New or returning',
  visits: 'Number of visits',
  utmSource: 'UTM source',
  utmMedium: 'UTM medium',
  utmCampaign: 'UTM campaign',
  referrerHost: 'Referring site',
  language: 'Language',
  country: 'Country',
  query: 'Query parameter',
  cookie: 'Cookie',
  attribute: 'Page attribute (kindling set)',
};

const OPERATOR_LABELS: Record<ConditionOperator, string> = {
  is: 'is',
  isNot: 'is not',
  oneOf: 'is one of',
  contains: 'contains',
  startsWith: 'starts with',
  atLeast: 'is at least',
  atMost: 'is at most',
  exists: 'is set',
  notExists: 'is not set',
};

const CHOICE_LABELS: Record<string, string> = {
  phone: 'Phone',
  tablet: 'Tablet',
  desktop: 'Desktop',
  new: 'New visitor',
  returning: 'Returning visitor',
};

/** The value field of a country condition: ISO 3166 two-letter codes, typed in upper case. */
const COUNTRY_INPUT = {
  autoCapitalize: 'characters',
  autoComplete: 'off',
  spellCheck: false,
} as const;

const choicesOf = (attribute: AudienceAttribute) =>
  attribute in AUDIENCE_CHOICES
    ? AUDIENCE_CHOICES[attribute as keyof typeof AUDIENCE_CHOICES]
    : undefined;

export function AudienceConditionRow({
  condition,
  label,
  errors,
  countryAvailable,
  disabled,
  onChange,
  onRemove,
}: {
  condition: ConditionDraft;
  label: string;
  /** The server's messages for this condition, by field. */
  errors: Record<string, string>;
  /** Whether the server can tell visitors' countries (it says so with the audience). */
  countryAvailable: boolean;
  disabled: boolean;
  onChange: (condition: ConditionDraft) => void;
  onRemove: () => void;
}) {
  const group = audienceGroupOf(condition.attribute);
  const operators = AUDIENCE_OPERATORS_OF[group];
  const choices = choicesOf(condition.attribute);
  const needsValue = condition.operator !== 'exists' && condition.operator !== 'notExists';
  const country = condition.attribute === 'country';
  const oneOf = condition.operator === 'oneOf';
  // Said under the whole row, not in the narrow attribute column: the sentence is long.
  const countryNote = country
    ? (errors.attribute ?? (countryAvailable ? undefined : AUDIENCE_API_MESSAGES.noCountrySource))
    : undefined;
  const setAttribute = (attribute: AudienceAttribute) => {
    const allowed = AUDIENCE_OPERATORS_OF[audienceGroupOf(attribute)];
    const operator = allowed.includes(condition.operator) ? condition.operator : allowed[0]!;
    onChange({ attribute, name: '', operator, value: choicesOf(attribute)?.[0] ?? '' });
  };
  return (
    <li className={styles.rule} aria-label={label} data-testid="audience-condition">
      <RowHead label={label} disabled={disabled} onRemove={onRemove} />
      <div className={styles.conditionMain}>
        <SelectField
          label="Visitor's"
          value={condition.attribute}
          disabled={disabled}
          error={countryNote ? undefined : errors.attribute}
          onChange={(event) => setAttribute(event.target.value as AudienceAttribute)}
        >
          {Object.entries(ATTRIBUTE_LABELS).map(([attribute, text]) => (
            <option key={attribute} value={attribute}>
              {text}
            </option>
          ))}
        </SelectField>
        {group === 'named' ? (
          <TextField
            label="Name"
            value={condition.name}
            placeholder={condition.attribute === 'attribute' ? 'plan' : 'utm_content'}
            disabled={disabled}
            error={errors.name}
            onChange={(event) => onChange({ ...condition, name: event.target.value })}
          />
        ) : null}
        <SelectField
          label="Comparison"
          value={condition.operator}
          disabled={disabled}
          error={errors.operator}
          onChange={(event) =>
            onChange({ ...condition, operator: event.target.value as ConditionOperator })
          }
        >
          {operators.map((operator) => (
            <option key={operator} value={operator}>
              {OPERATOR_LABELS[operator]}
            </option>
          ))}
        </SelectField>
        {!needsValue ? null : country ? (
          <TextField
            label={oneOf ? 'Country codes' : 'Country code'}
            hint={oneOf ? 'Two letters each, separated by commas' : 'Two letters (ISO 3166)'}
            value={condition.value}
            placeholder={oneOf ? 'DE, AT' : 'DE'}
            maxLength={oneOf ? undefined : 2}
            {...COUNTRY_INPUT}
            disabled={disabled}
            error={errors.value ?? errors.values}
            onChange={(event) =>
              onChange({ ...condition, value: event.target.value.toUpperCase() })
            }
          />
        ) : choices && !oneOf ? (
          <SelectField
            label="Value"
            value={condition.value}
            disabled={disabled}
            error={errors.value}
            onChange={(event) => onChange({ ...condition, value: event.target.value })}
          >
            {choices.map((choice) => (
              <option key={choice} value={choice}>
                {CHOICE_LABELS[choice] ?? choice}
              </option>
            ))}
          </SelectField>
        ) : (
          <TextField
            label={oneOf ? 'Values, separated by commas' : 'Value'}
            value={condition.value}
            inputMode={group === 'number' ? 'numeric' : undefined}
            disabled={disabled}
            error={errors.value ?? errors.values}
            onChange={(event) => onChange({ ...condition, value: event.target.value })}
          />
        )}
      </div>
      <FormError message={countryNote} />
    </li>
  );
}
