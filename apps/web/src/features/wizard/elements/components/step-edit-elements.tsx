import { useWizard } from '../../hooks/wizard-context';
import { ElementList } from './element-list';
import { ElementSideMenu } from './element-side-menu';
import styles from '../../components/wizard.module.css';

export function StepEditElements() {
  const { state } = useWizard();
  if (state.activeElementId !== undefined) return <ElementSideMenu />;
  return (
    <div className={styles.stepBody}>
      <h2 className={styles.stepTitle}>
        {state.mode === 'update' ? 'Elements and variants' : 'Pick elements to test'}
      </h2>
      <p className={styles.stepText}>
        {state.mode === 'update'
          ? 'Open an element to add, pause or remove its variants. Changes are saved at once.'
          : 'Click a headline, a button or an image in the preview, then write the variants visitors will see instead.'}
      </p>
      <ElementList />
    </div>
  );
}
