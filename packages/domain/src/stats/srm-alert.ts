import { clipNotice } from './auto-stop';

// Told once per campaign when a running campaign's visitors are not split as it says (a sample
// ratio mismatch, docs/statistics.md): the results page shows it on read, but nobody may be
// looking; a team acting on those results would act on a broken test (issue 33's webhook event
// `srm.detected`, and the team's notification).

export interface SrmAlertElement {
  /** "Heading “Build faster”", as the campaign page names it (`endElementName`). */
  name: string;
  pValue: number;
}

const pText = (p: number) => (p < 0.0001 ? 'p < 0.0001' : `p = ${p.toPrecision(2)}`);

/** The one-line summary of the webhook event, and the team's notification. */
export function srmAlert(input: {
  campaignName: string;
  campaignId: number;
  elements: readonly SrmAlertElement[];
}): { summary: string; title: string; body: string; teamPath: string } {
  const where = input.elements
    .map((element) => `${element.name} (${pText(element.pValue)})`)
    .join(', ');
  const suffix = ': sample ratio mismatch';
  return {
    summary: `"${input.campaignName}" does not split its visitors as set (sample ratio mismatch in ${where}): do not act on its results until the cause is found.`,
    ...clipNotice({
      title: `${input.campaignName}${suffix}`,
      titleKeep: suffix.length,
      body: [
        `The versions are not shown in the planned proportions: ${where}.`,
        'Its results cannot be trusted until the cause is fixed. The results page shows where the mismatch sits (a browser, a device, a referrer) and what usually causes it.',
      ].join('\n\n'),
    }),
    teamPath: `/campaign/${input.campaignId}`,
  };
}
