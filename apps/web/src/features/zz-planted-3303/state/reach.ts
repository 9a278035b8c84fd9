export { useCampaigns } from '../../campaigns/hooks/use-campaigns';
