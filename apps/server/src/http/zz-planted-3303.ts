export { getSubscription } from '../modules/teams/get-subscription';
