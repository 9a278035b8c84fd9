import type { LandingPageTemplateId } from '@kindling/domain';
import clsx from 'clsx';
import { useMemo } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { PageFormValues } from '../state/page-form';
import { previewHtml } from '../state/page-preview';
import { isDefaultTemplate, TEMPLATES } from '../state/templates';
import { PageFrame } from './page-frame';
import styles from './template-picker.module.css';

const THUMBNAIL_VIEWPORT = 1280;

interface TemplatePickerProps {
  values: PageFormValues;
  onChange: (templateId: LandingPageTemplateId) => void;
}

/** Three radio cards, each a small rendering of the page as typed so far in that template. */
export function TemplatePicker({ values, onChange }: TemplatePickerProps) {
  // Re-rendering three frames on every key press would flicker; a pause in typing is enough.
  const settled = useDebouncedValue(values, 400);
  const thumbnails = useMemo(
    () => TEMPLATES.map((template) => previewHtml({ ...settled, templateId: template.id })),
    [settled],
  );
  return (
    <fieldset className={styles.picker}>
      <legend className={styles.legend}>Template</legend>
      <div className={styles.options}>
        {TEMPLATES.map((template, index) => {
          const selected = values.templateId === template.id;
          return (
            <label
              key={template.id}
              className={clsx(styles.option, selected && styles.selected)}
              data-testid={`template-${template.id}`}
            >
              <PageFrame
                html={thumbnails[index] ?? ''}
                viewportWidth={THUMBNAIL_VIEWPORT}
                title={`${template.name} template`}
                thumbnail
                className={styles.thumbnail}
              />
              <span className={styles.caption}>
                <input
                  type="radio"
                  name="templateId"
                  value={template.id}
                  checked={selected}
                  onChange={() => onChange(template.id)}
                  className={styles.input}
                />
                <span className={styles.text}>
                  <span className={styles.name}>
                    {template.name}
                    {isDefaultTemplate(template.id) ? (
                      <span className={styles.tag}>Default</span>
                    ) : null}
                  </span>
                  <span className={styles.description}>{template.description}</span>
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
