import { onEachDatabase, percentile, time, type BenchApp } from './bench-app';

const ROUNDS = 100;
const VARIANTS_PER_ELEMENT = 5;

function textVariant(id: number, value: string, html?: string) {
  return {
    id,
    key: `v${-id}`,
    type: 'text',
    isEnabled: true,
    info: html
      ? { value, html, textType: 'advanced', styles: [] }
      : { value, textType: 'normal', styles: [{ type: 'textColor', value: 0xc2410cff }] },
  };
}

/** What the wizard sends on "Create campaign": 3 elements of 5 variants (one HTML each), 2 goals. */
function wizardCampaign(round: number) {
  let id = 0;
  const elements = ['h1', '#cta-start', '.lead'].map((selector, e) => ({
    id: (id -= 1),
    selector,
    key: `e${e}`,
    type: 'text',
    control: { info: { value: `Original ${e}`, textType: 'normal', styles: [] } },
    variants: Array.from({ length: VARIANTS_PER_ELEMENT }, (_, v) =>
      textVariant(
        (id -= 1),
        `Variant ${round}-${e}-${v}`,
        v === 0 ? '<strong>Bold</strong> <img src=x onerror="alert(1)"> claim' : undefined,
      ),
    ),
  }));
  return {
    name: `Wizard campaign ${round}`,
    ingestedUrl: 'https://www.example.com/landing',
    type: 'multi_armed_bandit',
    trafficAllocation: 80,
    elements,
    goals: [
      {
        id: -100,
        isConversionGoal: false,
        event: {
          type: 2,
          name: 'Click Goal #1',
          elements: [{ id: 'a', label: 'CTA', selector: '#cta-start' }],
        },
      },
      {
        id: -101,
        isConversionGoal: true,
        event: { type: 1, name: 'Page View Goal #2', url: 'https://www.example.com/thanks' },
      },
    ],
  };
}

async function benchWizardCalls({ app, slug, headers }: BenchApp, kind: string) {
  const post = (path: string, payload: object) =>
    app.inject({ method: 'POST', url: `/api/team/${slug}/campaign${path}`, headers, payload });
  const baseline = await time(ROUNDS, () =>
    app.inject({ method: 'GET', url: '/api/user/by-session', headers }),
  );
  let round = 0;
  const create = await time(ROUNDS, () => post('/create', wizardCampaign((round += 1))));
  const { id } = (await post('/create', wizardCampaign(0))).json<{ id: number }>();
  const campaign = (
    await app.inject({ method: 'GET', url: `/api/team/${slug}/campaign/by-id?id=${id}`, headers })
  ).json<{ elements: { id: number }[] }>();
  const elementId = campaign.elements[0]!.id;
  const add = await time(ROUNDS, () =>
    post('/add-variants', {
      campaignId: id,
      elementId,
      variants: [textVariant(-1, `Added ${(round += 1)}`)],
    }),
  );
  const b50 = percentile(baseline, 50);
  const line = (label: string, samples: number[]) => {
    const p50 = percentile(samples, 50);
    return `${label}: p50 ${p50.toFixed(2)} ms, p95 ${percentile(samples, 95).toFixed(2)} ms = ${(p50 / b50).toFixed(2)}x`;
  };
  console.log(`[${kind}] baseline by-session p50 ${b50.toFixed(2)} ms`);
  console.log(
    `[${kind}] ${line('create from the wizard (3 elements x 5 variants, 2 goals)', create)}`,
  );
  console.log(`[${kind}] ${line(`add-variants (1 variant; element grows to ${ROUNDS + 5})`, add)}`);
}

export async function wizardBench() {
  console.log('\n== API: wizard calls vs an authenticated baseline call (same process) ==');
  await onEachDatabase(benchWizardCalls);
}
