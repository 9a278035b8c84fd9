import { NOT_ENOUGH_DATA_VIEWS } from '@kindling/domain';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import type { ModalProps } from '../../../ui/modal-stack';
import { formatCount } from '../../../lib/format';

/** Shown when a range holds fewer views than results need (spec section 9: 100 views). */
export function NotEnoughDataDialog({ modal, views }: ModalProps<void> & { views: number }) {
  return (
    <Dialog
      modal={modal}
      title="Not enough data yet"
      description={`This campaign has ${formatCount(views)} ${views === 1 ? 'view' : 'views'} in this range. Results become meaningful after ${NOT_ENOUGH_DATA_VIEWS} views; until then, differences between the variants are mostly chance.`}
      data-testid="not-enough-data-dialog"
      footer={
        <Button autoFocus onClick={() => modal.hide()}>
          Got it
        </Button>
      }
    />
  );
}
