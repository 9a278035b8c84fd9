import { UNSAFE_TEXT_MESSAGE } from '@kindling/domain';
import Stripe from 'stripe';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { snapshotTables } from '../../../test/table-snapshot';
import { createTeam, errorOf, signUp, useTestApp } from '../../../test/test-app';

// Issue 34, finding 8: the webhook reads its body raw (the signature covers the exact bytes), so
// the app-wide text guard does not see it. A validly signed event carrying text no column holds
// (NUL, a lone surrogate) in a field that is stored or looked up answers 400, storing nothing.

const SECRET_KEY = 'sk_test_kindling';
const WEBHOOK_SECRET = 'whsec_kindling_test';
const NUL = '\u0000';
const LONE = '\uD800';
const signer = new Stripe(SECRET_KEY);
let counter = 0;

interface EventFields {
  id?: string;
  type: string;
  object: Record<string, unknown>;
}

function subscription(customer: string, product = 'kindling-standard') {
  return {
    id: 'sub_text',
    object: 'subscription',
    customer,
    status: 'active',
    items: { object: 'list', data: [{ current_period_end: 2_000_000_000, price: { product } }] },
  };
}

describeEachDatabase('the payment webhook refuses unsafe text after the signature', (kind) => {
  const t = useTestApp(kind, {
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_kindling',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });

  /** Posts the event signed as Stripe signs; JSON.stringify writes NUL and lone halves as \u escapes. */
  const post = ({ id = `evt_text_${(counter += 1)}`, type, object }: EventFields) => {
    const payload = JSON.stringify({
      id,
      object: 'event',
      type,
      created: 1_800_000_000 + counter,
      data: { object },
    });
    return t.current.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
        }),
      },
      payload,
    });
  };
  const stored = () =>
    snapshotTables(t.current.services.db, ['stripeEvents', 'teamBilling', 'teams']);

  it('answers 400 naming the field, stores nothing, and takes the clean event (positive control)', async () => {
    const owner = await signUp(t.current.app);
    const slug = await createTeam(t.current.app, owner, 'Webhook Team');
    const { id: teamId } = await t.current.services.db
      .selectFrom('teams')
      .select('id')
      .where('slug', '=', slug)
      .executeTakeFirstOrThrow();
    const checkout = (customer: string) => ({
      type: 'checkout.session.completed',
      object: { object: 'checkout.session', customer, client_reference_id: String(teamId) },
    });
    const subscribed = (customer: string, product?: string) => ({
      type: 'customer.subscription.updated',
      object: subscription(customer, product),
    });

    const unsafe: [string, EventFields][] = [
      ['id', { ...subscribed('cus_unknown'), id: `evt_${NUL}nul` }],
      ['id', { ...subscribed('cus_unknown'), id: `evt_${LONE}lone` }],
      ['type', { type: `customer.subscription.updated${NUL}`, object: subscription('cus_x') }],
      ['data.object.customer', checkout(`cus_${NUL}`)],
      [
        'data.object.client_reference_id',
        {
          ...checkout('cus_text'),
          object: { customer: 'cus_text', client_reference_id: `1${LONE}` },
        },
      ],
      ['data.object.customer', subscribed(`cus_${NUL}`)],
      ['data.object.items.data.0.price.product', subscribed('cus_text', `kindling-${NUL}`)],
    ];
    // The customer the subscription events name, so their refusal is not for lack of a team.
    expect((await post(checkout('cus_text'))).json()).toEqual({
      received: true,
      outcome: 'applied',
    });
    const before = await stored();
    const answers = [];
    for (const [field, event] of unsafe) {
      const response = await post(event);
      answers.push({ field, status: response.statusCode, error: errorOf(response) });
    }
    expect(answers).toEqual(
      unsafe.map(([field]) => ({
        field,
        status: 400,
        error: {
          code: 'VALIDATION',
          message: UNSAFE_TEXT_MESSAGE,
          fields: { [field]: UNSAFE_TEXT_MESSAGE },
        },
      })),
    );
    expect(await stored()).toBe(before);

    // Positive control: the same subscription, clean, is applied; unsafe text in a field that
    // is neither stored nor looked up (a description) does not stand in its way.
    const clean = await post({
      ...subscribed('cus_text'),
      object: { ...subscription('cus_text'), description: `note ${NUL}${LONE}` },
    });
    expect(clean.statusCode, clean.body).toBe(200);
    expect(clean.json()).toEqual({ received: true, outcome: 'applied' });
    expect(await stored()).not.toBe(before);
  });
});
