import type { ConnectionIdentity } from './identity';

export const INVALID_CHANNEL = 'Invalid channel name';
/** One answer for unknown and foreign channels, so a refusal does not reveal that one exists. */
export const CHANNEL_NOT_FOUND = 'Channel not found';

/**
 * A family of channels a module publishes to clients. `pattern` must match the whole name and
 * should be closed (no free text), so arbitrary strings never reach Redis; `mayFollow` gets the
 * pattern's captures.
 */
export interface ChannelPolicy {
  pattern: RegExp;
  mayFollow(identity: ConnectionIdentity, match: RegExpExecArray): Promise<boolean>;
}

/** The only channels a client may follow are the ones a module registered a policy for. */
export class ChannelPolicies {
  private readonly policies: ChannelPolicy[] = [];

  register(policy: ChannelPolicy): void {
    this.policies.push(policy);
  }

  /** Why this identity may not follow this channel, or null when it may. */
  async refusal(identity: ConnectionIdentity, name: string): Promise<string | null> {
    for (const policy of this.policies) {
      const match = policy.pattern.exec(name);
      if (match) return (await policy.mayFollow(identity, match)) ? null : CHANNEL_NOT_FOUND;
    }
    return INVALID_CHANNEL;
  }
}
