import { useState } from 'react';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import type { SharedInvite } from '../api/settings-api';
import { inviteDeliveryMessage } from '../state/invite-delivery';
import styles from './team-members-page.module.css';

/** The link of the invitation just made or renewed, to copy and pass on. */
export function InviteLinkPanel({
  shared,
  onClose,
}: {
  shared: SharedInvite;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);

  async function copy() {
    await navigator.clipboard.writeText(shared.link);
    setCopied(true);
  }

  return (
    <Card
      title={`Invitation link for ${shared.invite.email}`}
      description={inviteDeliveryMessage(shared.delivery, shared.invite.email)}
    >
      <div className={styles.linkRow}>
        <input
          className={styles.linkInput}
          readOnly
          value={shared.link}
          aria-label="Invitation link"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button size="sm" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy link'}
        </Button>
        <Button size="sm" variant="ghost" color="secondary" onClick={onClose}>
          Done
        </Button>
      </div>
    </Card>
  );
}
