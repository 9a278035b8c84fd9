import { useCallback } from 'react';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { useModals, type ModalProps } from '../../../ui/modal-stack';
import styles from './wizard.module.css';

/** Shown the first time a person ever reaches EditElements (spec section 4). */
export function ModeHelpDialog({ modal }: ModalProps<boolean>) {
  return (
    <Dialog
      modal={modal}
      title="How editing works"
      description="The preview has two ways of working."
      width={520}
      footer={<Button onClick={() => modal.hide(true)}>Start editing</Button>}
    >
      <ul className={styles.helpList}>
        <li>
          <strong>Select</strong> — with “Select text or images” on, hovering outlines what you can
          test and a click picks it.
        </li>
        <li>
          <strong>Browse</strong> — turn it off to use the page normally: scroll, open menus or
          close a pop-up.
        </li>
        <li>
          Each picked element gets up to 5 new variants at a time; the original stays as the
          control.
        </li>
      </ul>
    </Dialog>
  );
}

/** Opens the mode help; resolves true when the person chose "Start editing". */
export function useOpenModeHelp(): () => Promise<boolean> {
  const { open } = useModals();
  return useCallback(async () => (await open(ModeHelpDialog, {})) === true, [open]);
}
