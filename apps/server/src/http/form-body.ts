import { validationError } from '../errors';

export const tooManyFormFields = (maxFields: number) =>
  `The form has more than ${maxFields} fields; a sign-up takes an e-mail address only.`;

/**
 * An `application/x-www-form-urlencoded` body read for the fields a route knows, the rest
 * ignored. The fields are counted first, without building anything, so a form of 400,000
 * fields is refused before a single one is decoded (issue 34).
 */
export function readFormFields(
  body: string,
  { fields, maxFields }: { fields: readonly string[]; maxFields: number },
): Record<string, string> {
  let count = 1;
  for (let at = body.indexOf('&'); at !== -1; at = body.indexOf('&', at + 1)) {
    count += 1;
    if (count > maxFields) throw validationError(tooManyFormFields(maxFields));
  }
  const params = new URLSearchParams(body);
  const known: Record<string, string> = {};
  for (const name of fields) {
    const value = params.get(name);
    if (value !== null) known[name] = value;
  }
  return known;
}
