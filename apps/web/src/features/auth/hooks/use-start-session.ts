import { useQueryClient } from '@tanstack/react-query';
import { storeSession, type SessionTokens } from '../../../lib/session';

/** Stores fresh tokens and drops anything cached for a previous user. */
export function useStartSession(): (tokens: SessionTokens) => void {
  const queryClient = useQueryClient();
  return (tokens) => {
    queryClient.clear();
    storeSession(tokens);
  };
}
