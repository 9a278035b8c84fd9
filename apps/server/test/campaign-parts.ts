// Campaign payloads the collect, stats and load tests share (client ids are negative
// placeholders; the server gives the real ones).

export const textElement = (id: number, selector: string, values: string[]) => ({
  id,
  selector,
  type: 'text',
  key: selector,
  control: { info: { value: 'Original' } },
  variants: values.map((value, index) => ({
    id: id * 100 - index,
    key: `${selector}-${index}`,
    type: 'text',
    isEnabled: true,
    info: { value, styles: [] },
  })),
});

export const clickGoal = (id: number, name: string) => ({
  id,
  isConversionGoal: false,
  event: { type: 2, name, elements: [{ id: name, label: name, selector: `#${name}` }] },
});

/**
 * A headline with two variants, a button with one, and the funnel signup then purchase (the
 * last goal, so the conversion goal).
 */
export const funnelCampaign = (name: string) => ({
  name,
  // The page the collect tests' events say they come from: only its events count.
  ingestedUrl: 'shop.example.com/landing',
  elements: [textElement(-1, 'h1', ['Grow 3x', 'Grow now']), textElement(-2, '#cta', ['Buy'])],
  goals: [clickGoal(-20, 'signup'), clickGoal(-21, 'purchase')],
});
