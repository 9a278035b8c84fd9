import { useMemo, useState } from 'react';
import { useBelow } from '../../../lib/breakpoints';
import { SIZE_WIDTH } from '../../../lib/preview/preview-options';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { SegmentedControl } from '../../../ui/segmented-control';
import type { PageFormValues } from '../state/page-form';
import { previewHtml } from '../state/page-preview';
import { PageFrame } from './page-frame';
import styles from './page-preview.module.css';

type PreviewWidth = 'desktop' | 'phone';

const WIDTH_OPTIONS = [
  { value: 'desktop', label: 'Desktop' },
  { value: 'phone', label: 'Phone' },
] as const;

const VIEWPORT: Record<PreviewWidth, number> = {
  desktop: SIZE_WIDTH.desktop,
  phone: SIZE_WIDTH.mobile,
};

/** The page as it will be published, re-rendered as the user types, at desktop or phone width. */
export function PagePreview({ values }: { values: PageFormValues }) {
  // On a phone the desktop layout would be shrunk to a quarter: start with the phone's.
  const onPhone = useBelow('phone');
  const [width, setWidth] = useState<PreviewWidth>(onPhone ? 'phone' : 'desktop');
  const settled = useDebouncedValue(values, 150);
  const html = useMemo(() => previewHtml(settled), [settled]);
  return (
    <section className={styles.preview} aria-label="Live preview" data-testid="page-preview">
      <div className={styles.toolbar}>
        <h2 className={styles.title}>Live preview</h2>
        <SegmentedControl
          legend="Preview width"
          name="preview-width"
          value={width}
          options={WIDTH_OPTIONS}
          onChange={setWidth}
        />
      </div>
      <div className={styles.stage}>
        <PageFrame
          key={width}
          html={html}
          viewportWidth={VIEWPORT[width]}
          title={`Preview at ${width} width`}
          className={width === 'phone' ? styles.phone : styles.desktop}
        />
      </div>
    </section>
  );
}
