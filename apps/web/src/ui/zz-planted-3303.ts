export { useCampaigns } from '../features/campaigns/hooks/use-campaigns';
