import { z } from 'zod';
import { FEATURE_FLAGS } from './constants';

// Instance administration (issue 13): the people who run this installation set feature flags on
// any team. Who they are comes from configuration (INSTANCE_ADMIN_EMAILS, verified addresses).

export const INSTANCE_ADMIN_MESSAGES = {
  forbidden:
    'Only instance administrators can do this. An administrator is an account whose verified e-mail address is listed in INSTANCE_ADMIN_EMAILS.',
  teamNotFound: 'No team has this slug.',
  unknownFlag: `Unknown feature flag. Known flags: ${FEATURE_FLAGS.join(', ')}.`,
  search: 'Search for at most 100 characters.',
  page: 'The page must be a whole number from 1.',
} as const;

/** Team search: a piece of the name or slug, case-insensitive. */
export const instanceTeamSearchSchema = z
  .string()
  .trim()
  .max(100, INSTANCE_ADMIN_MESSAGES.search)
  .default('');

export const instancePageSchema = z.coerce
  .number(INSTANCE_ADMIN_MESSAGES.page)
  .int(INSTANCE_ADMIN_MESSAGES.page)
  .min(1, INSTANCE_ADMIN_MESSAGES.page)
  .max(1_000_000, INSTANCE_ADMIN_MESSAGES.page)
  .default(1);

export const instanceFlagChangeSchema = z.object({
  team: z.string().min(1, INSTANCE_ADMIN_MESSAGES.teamNotFound).max(100),
  flag: z.enum(FEATURE_FLAGS, INSTANCE_ADMIN_MESSAGES.unknownFlag),
  enabled: z.boolean('enabled must be true or false.'),
});
export type InstanceFlagChange = z.infer<typeof instanceFlagChangeSchema>;

/** Escapes LIKE's wildcards so a search for "50%" finds "50%", not everything. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
