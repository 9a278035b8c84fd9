import styles from '../../components/wizard.module.css';
import { useEditMode } from '../../hooks/edit-mode-context';
import { useElementsStore } from '../hooks/use-elements-store';
import { useVariantActionHandlers } from '../hooks/use-variant-action-handlers';
import { VariantActionsContext } from '../hooks/variant-actions';
import { ElementList } from './element-list';
import { ElementSideMenu } from './element-side-menu';

/** EditElements: the element list, or the open element's side menu with its variant actions. */
export function StepEditElements() {
  const { state } = useElementsStore();
  const { elementsIntro } = useEditMode();
  const actions = useVariantActionHandlers();
  if (state.activeElementId !== undefined) {
    return (
      <VariantActionsContext value={actions}>
        <ElementSideMenu />
      </VariantActionsContext>
    );
  }
  return (
    <div className={styles.stepBody}>
      <h2 className={styles.stepTitle}>{elementsIntro.title}</h2>
      <p className={styles.stepText}>{elementsIntro.text}</p>
      <ElementList />
    </div>
  );
}
