import type { ElementDescription } from '@kindling/page-runtime';
import { labelOf } from '../../../lib/campaign-names';
import { ColourSwatches } from '../../../ui/colour-swatches';
import { TryChange } from './try-change';
import styles from './element-panel.module.css';

interface ElementPanelProps {
  element: ElementDescription | undefined;
  onApplyText: (element: ElementDescription, text: string) => void;
  onReset: () => void;
}

const TYPE_LABEL: Record<ElementDescription['type'], string> = {
  text: 'Text',
  image: 'Image',
  layout: 'Layout',
};

export function ElementPanel({ element, onApplyText, onReset }: ElementPanelProps) {
  return (
    <aside className={styles.panel} aria-label="Selected element">
      <h2 className={styles.heading}>Selected element</h2>
      {element ? (
        <>
          {element.type === 'image' && element.src ? (
            <img className={styles.thumb} src={element.src} alt="Selected image" />
          ) : null}
          <dl className={styles.details}>
            {element.fingerprint ? (
              <>
                <dt>Element</dt>
                <dd data-testid="picked-label">{labelOf(element)}</dd>
              </>
            ) : null}
            <dt>Type</dt>
            <dd>{TYPE_LABEL[element.type]}</dd>
            <dt>Selector</dt>
            <dd>
              <code className={styles.code} data-testid="picked-selector">
                {element.selector}
              </code>
            </dd>
            {element.text ? (
              <>
                <dt>Text</dt>
                <dd className={styles.text} data-testid="picked-text">
                  {element.text}
                </dd>
              </>
            ) : null}
            <dt>Size</dt>
            <dd>
              {Math.round(element.dimensions.width)} × {Math.round(element.dimensions.height)} px
            </dd>
            <dt>Colours</dt>
            <dd>
              <ColourSwatches domStats={element.domStats} />
            </dd>
          </dl>
          {element.type === 'text' ? (
            <TryChange
              key={element.selector}
              initialText={element.text}
              onApply={(text) => onApplyText(element, text)}
              onReset={onReset}
            />
          ) : null}
        </>
      ) : (
        <p className={styles.muted}>
          Choose “Edit elements”, turn on “Select elements” and click text or an image in the page.
        </p>
      )}
    </aside>
  );
}
