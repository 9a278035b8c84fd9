import type { Targeting } from './plan';

/**
 * targeting.js, fetched beside the config by the rules bundles (no request in series). Until it
 * is in, the hider hides the elements of every campaign with page rules wherever the page is;
 * the tracker reveals those its plan leaves alone once the config and the part are in. Without
 * the part (blocked, an error) no campaign runs and the page stays as it was made.
 */
export const loadTargeting = (configUrl: string) => (): Promise<{ default: Targeting }> =>
  import(configUrl.replace('config.json', 'targeting.js'));
