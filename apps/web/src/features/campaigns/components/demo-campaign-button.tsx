import { DEMO_MESSAGES } from '@kindling/domain';
import { Button } from '../../../ui/button';
import { useCreateDemoCampaign } from '../hooks/use-create-demo-campaign';

/** "Explore with demo data": a campaign with generated results, to see how results read. */
export function DemoCampaignButton({ team }: { team: string }) {
  const create = useCreateDemoCampaign(team);
  return (
    <Button
      variant="outline"
      color="secondary"
      onClick={() => create.mutate()}
      loading={create.isPending}
      loadingText="Adding demo…"
      data-testid="demo-campaign-button"
    >
      {DEMO_MESSAGES.explore}
    </Button>
  );
}
