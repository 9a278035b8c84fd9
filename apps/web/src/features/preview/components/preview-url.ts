import { CAMPAIGN_FORM_MESSAGES, isValidUrl } from '@kindling/domain';

/** Spec section 5 URL rules, with the campaign form's messages; undefined when valid. */
export function previewUrlError(url: string): string | undefined {
  if (url.trim() === '') return CAMPAIGN_FORM_MESSAGES.urlRequired;
  return isValidUrl(url) ? undefined : CAMPAIGN_FORM_MESSAGES.urlInvalid;
}
