import type { PageRules } from '@kindling/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toastSuccess } from '../../../ui/toast';
import { fetchPageRules, pageRulesKey, savePageRules, testPageRules } from '../api/page-rules-api';

/** The campaign's page rules, and saving them (errors stay with the form, by field). */
export function usePageRules(team: string, campaignId: number) {
  const queryClient = useQueryClient();
  const key = pageRulesKey(team, campaignId);
  const stored = useQuery({ queryKey: key, queryFn: () => fetchPageRules(team, campaignId) });
  const save = useMutation({
    mutationFn: (rules: PageRules | null) => savePageRules(team, campaignId, rules),
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      toastSuccess('Where the campaign runs is saved.');
    },
  });
  return { stored, save };
}

const TEST_DELAY_MS = 300;

/** The tester: asks the server about `url` under `rules` once typing pauses. */
export function usePageRulesTest(team: string, rules: PageRules, url: string) {
  const [asked, setAsked] = useState<{ rules: PageRules; url: string } | null>(null);
  const text = JSON.stringify(rules);
  useEffect(() => {
    if (url.trim() === '') {
      setAsked(null);
      return;
    }
    const timer = setTimeout(
      () => setAsked({ rules: JSON.parse(text) as PageRules, url }),
      TEST_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [text, url]);
  return useQuery({
    queryKey: ['page-rules-test', team, asked],
    queryFn: () => testPageRules(team, asked!.rules, asked!.url),
    enabled: asked !== null,
    retry: false,
    placeholderData: (previous) => previous,
  });
}
