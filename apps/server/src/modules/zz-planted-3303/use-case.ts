export { getSubscription } from '../teams/get-subscription';
