import { z } from 'zod';
import { trimText } from './text';
import { CAMPAIGN_LIMITS } from './constants';
import { isValidCampaignUrl } from './own-page-url';

// Campaign form rules, spec section 5 (messages verbatim, including the lower-case
// "name must be at most 255 characters").

export const CAMPAIGN_FORM_MESSAGES = {
  urlRequired: 'Please enter a URL',
  urlInvalid: 'Please check that you have entered a valid URL',
  nameRequired: 'Please enter a name',
  nameTooShort: 'Name must be at least 3 characters',
  nameTooLong: 'name must be at most 255 characters',
  descriptionTooLong: 'Description must be at most 2000 characters',
  invalidEmail: 'Please enter a valid email address',
} as const;

export const NAME_MIN_LENGTH = 3;

const m = CAMPAIGN_FORM_MESSAGES;

// "Required" aborts, so an empty value reports only the required message.
/** The campaign's page address; the app's own published pages under `ownPagesOrigin` too. */
export const ingestedUrlSchemaFor = (ownPagesOrigin?: string | null) =>
  z
    .string({ error: m.urlRequired })
    .trim()
    .min(1, { error: m.urlRequired, abort: true })
    .refine((url) => isValidCampaignUrl(url, ownPagesOrigin), { error: m.urlInvalid });

export const ingestedUrlSchema = ingestedUrlSchemaFor();

export const campaignNameSchema = z
  .string({ error: m.nameRequired })
  .overwrite(trimText)
  .min(1, { error: m.nameRequired, abort: true })
  .min(NAME_MIN_LENGTH, { error: m.nameTooShort })
  .max(CAMPAIGN_LIMITS.nameMaxLength, { error: m.nameTooLong });

export const campaignDescriptionSchema = z
  .string()
  .max(CAMPAIGN_LIMITS.descriptionMaxLength, { error: m.descriptionTooLong })
  .nullable()
  .optional();

export const campaignFormSchema = z.object({
  ingestedUrl: ingestedUrlSchema,
  name: campaignNameSchema,
  description: campaignDescriptionSchema,
  // The spec only says "array of objects"; looseObject keeps the elements' fields.
  elements: z.array(z.looseObject({})).optional(),
});

export type CampaignFormValues = z.infer<typeof campaignFormSchema>;

const inviteeEmailFieldSchema = z
  .string({ error: m.invalidEmail })
  .trim()
  .pipe(z.email({ error: m.invalidEmail }));

/** Form schema for inviting a team member: `{ inviteeEmail }`. */
export const inviteeEmailSchema = z.object({ inviteeEmail: inviteeEmailFieldSchema });

export type InviteeEmailValues = z.infer<typeof inviteeEmailSchema>;
