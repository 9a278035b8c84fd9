import { AppError } from '../../../errors';

/** The AI provider could not give a usable answer; the message is shown to the user. */
export class AiProviderError extends AppError {
  constructor(message: string) {
    super('BAD_GATEWAY', message);
  }
}

export const AI_PROVIDER_MESSAGES = {
  timeout: 'The AI provider did not answer in time. Try again in a moment.',
  busy: 'The AI provider is busy (too many requests). Try again in a moment.',
  failed: (status: number) => `The AI provider failed (HTTP ${status}). Try again in a moment.`,
  refused: (status: number) =>
    `The AI provider refused the request (HTTP ${status}). Check AI_API_KEY and the model names.`,
  unreachable: (host: string) => `Could not reach the AI provider at ${host}.`,
  malformed: 'The AI provider answered in an unexpected format.',
  imageRefused: 'The AI provider answered with an image address Kindling does not fetch.',
} as const;
