import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { CopyButton } from '../../../ui/copy-button';
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
        <CopyButton text={shared.link}>Copy link</CopyButton>
        <Button size="sm" variant="ghost" color="secondary" onClick={onClose}>
          Done
        </Button>
      </div>
    </Card>
  );
}
