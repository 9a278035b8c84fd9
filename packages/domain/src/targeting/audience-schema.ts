import { z } from 'zod';
import { hasUnsafeCharacters, isBlankText, UNSAFE_TEXT_MESSAGE } from '../text';
import { BROWSERS } from '../visitor-segments';
import {
  CHOICE_ATTRIBUTES,
  NAMED_ATTRIBUTES,
  NUMBER_ATTRIBUTES,
  TEXT_ATTRIBUTES,
  type Audience,
  type ChoiceAttribute,
  type Condition,
  type ConditionOperator,
} from './audience';
import { TARGETING_LIMITS } from './page-rules-schema';
import { OPERATING_SYSTEMS, TARGETING_DEVICES } from './user-agent';

// Audiences as they arrive from the editor or the API (issue 31). One flat object per condition,
// checked field by field, so each mistake gets its own sentence rather than "invalid input".

export const AUDIENCE_ATTRIBUTES = [
  ...CHOICE_ATTRIBUTES,
  ...TEXT_ATTRIBUTES,
  ...NUMBER_ATTRIBUTES,
  ...NAMED_ATTRIBUTES,
] as const;
export type AudienceAttribute = (typeof AUDIENCE_ATTRIBUTES)[number];

/** Every condition operator (the fixture table must use each). */
export const CONDITION_OPERATORS = [
  'is',
  'isNot',
  'oneOf',
  'contains',
  'startsWith',
  'atLeast',
  'atMost',
  'exists',
  'notExists',
] as const satisfies readonly ConditionOperator[];

const EQUALITY = ['is', 'isNot', 'oneOf'] as const;
const TEXT_TESTS = ['contains', 'startsWith'] as const;
const NUMBER_TESTS = ['atLeast', 'atMost'] as const;
const PRESENCE = ['exists', 'notExists'] as const;

export const AUDIENCE_OPERATORS_OF: Record<
  'choice' | 'text' | 'number' | 'named',
  readonly ConditionOperator[]
> = {
  choice: EQUALITY,
  text: [...EQUALITY, ...TEXT_TESTS, ...PRESENCE],
  number: ['is', 'isNot', ...NUMBER_TESTS],
  named: [...EQUALITY, ...TEXT_TESTS, ...NUMBER_TESTS, ...PRESENCE],
};

export const audienceGroupOf = (attribute: AudienceAttribute) =>
  (CHOICE_ATTRIBUTES as readonly string[]).includes(attribute)
    ? 'choice'
    : (TEXT_ATTRIBUTES as readonly string[]).includes(attribute)
      ? 'text'
      : attribute === 'visits'
        ? 'number'
        : 'named';

export const AUDIENCE_CHOICES: Record<Exclude<ChoiceAttribute, 'country'>, readonly string[]> = {
  deviceType: TARGETING_DEVICES,
  browser: BROWSERS,
  os: OPERATING_SYSTEMS,
  visitorType: ['new', 'returning'],
};

const LABELS: Record<AudienceAttribute, string> = {
  deviceType: 'the device type',
  browser: 'the browser',
  os: 'the operating system',
  visitorType: 'new or returning visitors',
  country: 'the country',
  utmSource: 'the UTM source',
  utmMedium: 'the UTM medium',
  utmCampaign: 'the UTM campaign',
  referrerHost: 'the referring site',
  language: 'the language',
  visits: 'the number of visits',
  query: 'a query parameter',
  cookie: 'a cookie',
  attribute: 'a page attribute',
};

export const AUDIENCE_MESSAGES = {
  operatorNotAllowed: (attribute: AudienceAttribute, operator: ConditionOperator) =>
    `The comparison "${operator}" does not apply to ${LABELS[attribute]}. Choose another one.`,
  nameRequired: 'Enter the name of the query parameter, cookie or page attribute.',
  valueRequired: 'Enter a value to compare with.',
  valuesRequired: 'Choose at least one value.',
  tooManyValues: `Choose at most ${TARGETING_LIMITS.listValues} values.`,
  valueTooLong: `Use at most ${TARGETING_LIMITS.valueLength} characters.`,
  numberRequired: 'Enter a number.',
  visitsRequired: 'Enter a whole number of visits, 0 or more.',
  notAChoice: (choices: readonly string[]) => `Choose one of: ${choices.join(', ')}.`,
  notACountry: 'Enter a two-letter country code (ISO 3166), such as FR.',
  tooManyConditions: `An audience can have at most ${TARGETING_LIMITS.conditions} conditions.`,
} as const;

const text = z
  .string()
  .max(TARGETING_LIMITS.valueLength, AUDIENCE_MESSAGES.valueTooLong)
  .refine((value) => !hasUnsafeCharacters(value), UNSAFE_TEXT_MESSAGE);

const conditionInput = z.object({
  attribute: z.enum(AUDIENCE_ATTRIBUTES),
  name: text.optional(),
  operator: z.enum(CONDITION_OPERATORS),
  value: z.union([text, z.number()]).optional(),
  values: z
    .array(text)
    .max(TARGETING_LIMITS.listValues, AUDIENCE_MESSAGES.tooManyValues)
    .optional(),
});
type ConditionInput = z.infer<typeof conditionInput>;

/** The first problem of a condition and the field it is on, or undefined. */
function problemOf(input: ConditionInput): [string, string] | undefined {
  const { attribute, operator, value, values } = input;
  const group = audienceGroupOf(attribute);
  if (!AUDIENCE_OPERATORS_OF[group].includes(operator)) {
    return ['operator', AUDIENCE_MESSAGES.operatorNotAllowed(attribute, operator)];
  }
  if (group === 'named' && isBlankText(input.name)) return ['name', AUDIENCE_MESSAGES.nameRequired];
  if (operator === 'exists' || operator === 'notExists') return undefined;
  if (operator === 'oneOf') {
    if (!values?.length) return ['values', AUDIENCE_MESSAGES.valuesRequired];
    for (const one of values) {
      const problem = choiceProblem(attribute, one);
      if (problem) return ['values', problem[1]];
    }
    return undefined;
  }
  if (operator === 'atLeast' || operator === 'atMost' || attribute === 'visits') {
    const number = typeof value === 'number' ? value : Number(value ?? NaN);
    if (attribute === 'visits' && !(Number.isInteger(number) && number >= 0)) {
      return ['value', AUDIENCE_MESSAGES.visitsRequired];
    }
    return Number.isFinite(number) && value !== ''
      ? undefined
      : ['value', AUDIENCE_MESSAGES.numberRequired];
  }
  if (typeof value !== 'string' || isBlankText(value))
    return ['value', AUDIENCE_MESSAGES.valueRequired];
  return choiceProblem(attribute, value);
}

function choiceProblem(attribute: AudienceAttribute, value: string): [string, string] | undefined {
  if (attribute === 'country') {
    return /^[a-z]{2}$/i.test(value) ? undefined : ['value', AUDIENCE_MESSAGES.notACountry];
  }
  const choices =
    attribute in AUDIENCE_CHOICES
      ? AUDIENCE_CHOICES[attribute as keyof typeof AUDIENCE_CHOICES]
      : undefined;
  if (choices && !choices.includes(value)) return ['value', AUDIENCE_MESSAGES.notAChoice(choices)];
  if (isBlankText(value)) return ['value', AUDIENCE_MESSAGES.valueRequired];
  return undefined;
}

/** Only the fields the operator uses are kept; numbers compared with numbers are numbers. */
function toCondition(input: ConditionInput): Condition {
  const { attribute, operator, name, value, values } = input;
  const named = audienceGroupOf(attribute) === 'named' ? { name: name!.trim() } : {};
  const operand =
    operator === 'exists' || operator === 'notExists'
      ? {}
      : operator === 'oneOf'
        ? { values }
        : operator === 'atLeast' || operator === 'atMost'
          ? { value: Number(value) }
          : { value: String(value) };
  // problemOf has checked that the attribute, operator and operand belong together.
  return { attribute, ...named, operator, ...operand } as Condition;
}

export const conditionSchema = conditionInput
  .superRefine((input, context) => {
    const problem = problemOf(input);
    if (problem) context.addIssue({ code: 'custom', path: [problem[0]], message: problem[1] });
  })
  .transform(toCondition);

export const audienceSchema = z
  .object({
    match: z.enum(['all', 'any']),
    conditions: z
      .array(conditionSchema)
      .max(TARGETING_LIMITS.conditions, AUDIENCE_MESSAGES.tooManyConditions),
  })
  .transform((audience): Audience => audience);
