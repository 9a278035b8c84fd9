import layout from '../../components/step-layout.module.css';
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
    <div className={layout.stepBody}>
      <h2 className={layout.stepTitle}>{elementsIntro.title}</h2>
      <p className={layout.stepText}>{elementsIntro.text}</p>
      <ElementList />
    </div>
  );
}
