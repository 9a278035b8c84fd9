import type { WizardState } from './wizard-types';

/**
 * Whether a wizard that opens straight at ClosePopups (from `?url=`, as the burner page's
 * "Make variants in the editor" link does, or a resumed draft) still needs the page's
 * screenshot: only entering ClosePopups from ChooseURL used to take it, so such a campaign was
 * saved without a thumbnail.
 */
export function needsOpeningShot(
  state: Pick<WizardState, 'mode' | 'step' | 'ingestedUrl' | 'thumbnail' | 'screenshotRequested'>,
): boolean {
  return (
    state.mode === 'create' &&
    state.step === 'ClosePopups' &&
    state.ingestedUrl.trim() !== '' &&
    state.thumbnail === null &&
    !state.screenshotRequested
  );
}
