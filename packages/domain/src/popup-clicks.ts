import { z } from 'zod';
import { MAX_POPUP_CLICKS, POPUP_CLICK_SELECTOR_MAX } from './popup-click-limits';

/**
 * The clicks a person made in the Close pop-ups step, as selectors in click order. They are
 * replayed whenever the page is loaded for the campaign (editor steps, update mode, Preview,
 * the server's screenshot), so a closed newsletter or cookie pop-up stays closed.
 */
export const popupClicksSchema = z
  .array(z.string().trim().min(1).max(POPUP_CLICK_SELECTOR_MAX))
  .max(MAX_POPUP_CLICKS);
export type PopupClicks = z.infer<typeof popupClicksSchema>;

/** The recorded clicks in a campaign's meta; none when absent or malformed. */
export function popupClicksOf(meta: Readonly<Record<string, unknown>> | undefined): string[] {
  const parsed = popupClicksSchema.safeParse(meta?.popupClicks);
  return parsed.success ? parsed.data : [];
}

/** One more click, in order; past the limit later clicks are dropped (the first ones close). */
export function recordPopupClick(clicks: readonly string[], selector: string): string[] {
  const trimmed = selector.trim();
  if (trimmed === '' || trimmed.length > POPUP_CLICK_SELECTOR_MAX) return [...clicks];
  return clicks.length >= MAX_POPUP_CLICKS ? [...clicks] : [...clicks, trimmed];
}

/** The clicks as one query value (GET /campaign/screenshot), and back. */
export const encodePopupClicks = (clicks: readonly string[]): string => JSON.stringify(clicks);

export const popupClicksParamSchema = z
  .string()
  .max((POPUP_CLICK_SELECTOR_MAX + 8) * MAX_POPUP_CLICKS)
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'popupClicks must be a JSON list' });
      return z.NEVER;
    }
  })
  .pipe(popupClicksSchema);
