import { normalizeUrl } from '@kindling/domain';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title';
import { useTeamSlug } from '../../../lib/team-path';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/field';
import { PageHeader } from '../../../ui/page-header';
import { PreviewPane } from './preview-pane';
import { useCampaignPopupClicks } from './use-campaign-popup-clicks';
import { previewUrlError } from './preview-url';
import styles from './preview-page.module.css';

interface LoadRequest {
  url: string;
  id: number;
}

export function PreviewPage() {
  useDocumentTitle('Page preview');
  const team = useTeamSlug();
  const [params, setParams] = useSearchParams();
  const [input, setInput] = useState(() => params.get('url') ?? '');
  const [error, setError] = useState<string>();
  const campaign = useCampaignPopupClicks(team, params.get('campaign'));
  const [request, setRequest] = useState<LoadRequest | undefined>(() => {
    const url = normalizeUrl(params.get('url') ?? '');
    return url !== '' && previewUrlError(url) === undefined ? { url, id: 1 } : undefined;
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const url = normalizeUrl(input);
    const message = previewUrlError(url);
    setError(message);
    if (message) return;
    setInput(url);
    const campaignParam = params.get('campaign');
    setParams(campaignParam ? { url, campaign: campaignParam } : { url }, { replace: true });
    setRequest((previous) => ({ url, id: (previous?.id ?? 0) + 1 }));
  }

  return (
    <div className={styles.page}>
      <PageHeader
        title="Page preview"
        description="Open any page of your site as visitors see it, then pick elements to try changes."
      />
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          className={styles.url}
          label="Page URL"
          placeholder="https://www.example.com/pricing"
          inputMode="url"
          autoComplete="url"
          value={input}
          error={error}
          onChange={(event) => {
            setInput(event.target.value);
            if (error) setError(undefined);
          }}
        />
        <Button type="submit" className={styles.submit}>
          Load page
        </Button>
      </form>
      {request && !campaign.pending ? (
        <PreviewPane
          team={team}
          url={request.url}
          loadRequest={request.id}
          popupClicks={request.url === campaign.url ? campaign.popupClicks : []}
          campaignName={request.url === campaign.url ? campaign.name : undefined}
        />
      ) : null}
    </div>
  );
}
