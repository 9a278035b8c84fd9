import fc from 'fast-check';

/** The parts of an OpenAPI 3 / JSON Schema node the generator reads. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  nullable?: boolean;
}

/** Values that are wrong for almost any field: the "near miss" half of the generated input. */
const hostile = fc.oneof(
  fc.anything({ maxDepth: 2, stringUnit: 'binary' }),
  fc.constantFrom('', '\u0000', '\uD800', 'x'.repeat(20_000), -1, 2 ** 53, 1e308, NaN, null),
);

const FORMATTED: Record<string, fc.Arbitrary<string>> = {
  email: fc.emailAddress(),
  uri: fc.webUrl(),
  url: fc.webUrl(),
  'date-time': fc
    .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
    .map((date) => date.toISOString()),
};

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const formatted = schema.format ? FORMATTED[schema.format] : undefined;
  if (formatted) return formatted;
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 200));
  return fc.string({ minLength, maxLength, unit: 'grapheme' });
}

/** One past PostgreSQL's `integer`: a schema that takes it must not pass it to an integer column. */
const PAST_INT4 = 2 ** 31;

function numberOf(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? -1_000;
  const max = schema.maximum ?? 1_000_000;
  if (!integer) return fc.double({ min, max, noNaN: true });
  const within = fc.integer({ min: Math.ceil(min), max: Math.floor(Math.min(max, PAST_INT4 - 1)) });
  // A schema without a maximum, or above PostgreSQL's, takes 2^31: sent now and then.
  return max >= PAST_INT4 || schema.maximum === undefined
    ? fc.oneof({ arbitrary: within, weight: 4 }, { arbitrary: fc.constant(PAST_INT4), weight: 1 })
    : within;
}

/**
 * Inputs shaped by a route's request schema: mostly valid, with any field now and then
 * swapped for a hostile value or left out, so the handlers behind validation get exercised
 * as well as the validator itself.
 */
export function arbitraryFor(
  schema: JsonSchema | undefined,
  resolveRef: (ref: string) => JsonSchema,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return hostile;
  if (schema.$ref) return arbitraryFor(resolveRef(schema.$ref), resolveRef, depth + 1);
  const valid = shapedBy(schema, resolveRef, depth);
  return fc.oneof({ arbitrary: valid, weight: 6 }, { arbitrary: hostile, weight: 1 });
}

function shapedBy(
  schema: JsonSchema,
  resolveRef: (ref: string) => JsonSchema,
  depth: number,
): fc.Arbitrary<unknown> {
  const inner = (child: JsonSchema | undefined) => arbitraryFor(child, resolveRef, depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map(inner));
  if (schema.allOf?.length) return inner(schema.allOf[0]);
  const types = [schema.type ?? 'object'].flat().filter((type) => type !== 'null');
  const nullable = schema.nullable || [schema.type].flat().includes('null');
  const byType = types.map((type): fc.Arbitrary<unknown> => {
    if (type === 'string') return stringOf(schema);
    if (type === 'integer' || type === 'number') return numberOf(schema, type === 'integer');
    if (type === 'boolean') return fc.boolean();
    if (type === 'array') {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 3, 6));
      return fc.array(inner(schema.items), { minLength, maxLength });
    }
    const properties = schema.properties ?? {};
    const required = new Set(schema.required ?? []);
    return fc.record(
      Object.fromEntries(Object.entries(properties).map(([key, child]) => [key, inner(child)])),
      { requiredKeys: Object.keys(properties).filter((key) => required.has(key)) },
    );
  });
  const shaped = byType.length ? fc.oneof(...byType) : hostile;
  return nullable ? fc.option(shaped, { nil: null }) : shaped;
}
