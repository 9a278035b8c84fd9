import { describe, expect, it } from 'vitest';
import {
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_MESSAGES,
  webhookBody,
  webhookInputSchema,
  webhookRetryDelay,
  type WebhookEnvelope,
} from './webhooks';

const event: WebhookEnvelope = {
  id: 'e1',
  type: 'campaign.started',
  version: 1,
  createdAt: '2026-11-28T10:00:00.000Z',
  team: 'acme',
  data: { summary: 'Campaign "Hero" started.', link: null },
};

describe('webhooks', () => {
  it('waits 1 min, 5 min, 30 min, 2 h and 6 h between its six attempts', () => {
    expect(WEBHOOK_MAX_ATTEMPTS).toBe(6);
    expect([1, 2, 3, 4, 5].map(webhookRetryDelay)).toEqual([
      60_000, 300_000, 1_800_000, 7_200_000, 21_600_000,
    ]);
  });

  it('keeps the events in their documented order, once each', () => {
    const parsed = webhookInputSchema.parse({
      url: 'https://hooks.example.com/k',
      format: 'json',
      events: ['page.signup', 'campaign.started', 'page.signup'],
    });
    expect(parsed).toEqual({
      url: 'https://hooks.example.com/k',
      format: 'json',
      events: ['campaign.started', 'page.signup'],
      minVisitors: 0,
    });
  });

  it('refuses an address with credentials in it', () => {
    const parsed = webhookInputSchema.safeParse({
      url: 'https://user:pass@hooks.example.com/k',
      format: 'json',
      events: ['campaign.started'],
    });
    expect(parsed.error?.issues[0]?.message).toBe(WEBHOOK_MESSAGES.url);
  });

  it('posts the event itself as JSON, and only its summary to a chat without a link', () => {
    expect(webhookBody('json', event)).toBe(event);
    expect(webhookBody('slack', event)).toEqual({ text: 'Campaign "Hero" started.' });
    expect(webhookBody('discord', event)).toEqual({
      content: 'Campaign "Hero" started.',
      allowed_mentions: { parse: [] },
    });
  });
});
