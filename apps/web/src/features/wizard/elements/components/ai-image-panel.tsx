import {
  GENERATE_PANEL_SERVICE,
  IMAGE_SUGGESTIONS,
  IMAGE_TYPES,
  MODIFY_PANEL_SERVICE,
  DEFAULT_IMAGE_TYPE,
  type ImageType,
} from '@kindling/domain';
import { useState } from 'react';
import { Button } from '../../../../ui/button';
import { SelectField, TextAreaField } from '../../../../ui/field';
import { SparkleIcon } from '../../../../ui/icons';
import type { AiImages } from '../hooks/use-ai-images';
import { AiOutcome } from './ai-outcome';
import styles from './ai-panel.module.css';

const typeLabel = (type: string) => type[0]!.toUpperCase() + type.slice(1);

/**
 * The element editor's AI controls for an image element: suggestions made from the current
 * image, the generate-image panel (a description, drawn from scratch) and the modify-image
 * panel (a change to the current image). Each makes 4 images shown as suggestions.
 */
export function AiImagePanel({ ai, elementId }: { ai: AiImages; elementId: number }) {
  const [prompt, setPrompt] = useState('');
  const [imageType, setImageType] = useState<ImageType>(DEFAULT_IMAGE_TYPE);
  const described = prompt.trim() !== '';
  return (
    <section className={styles.panel} aria-label="AI images" data-testid="ai-images">
      <Button
        variant="outline"
        icon={<SparkleIcon size={16} />}
        fullWidth
        loading={ai.busy}
        onClick={() => void ai.run({ service: MODIFY_PANEL_SERVICE })}
      >
        {`Suggest ${IMAGE_SUGGESTIONS} images`}
      </Button>
      <TextAreaField
        label="Describe an image"
        id={`ai-image-prompt-${elementId}`}
        rows={2}
        maxLength={1000}
        placeholder="e.g. a reading lamp on an oak desk, warm evening light"
        value={prompt}
        onChange={(event) => setPrompt(event.target.value)}
      />
      <div className={styles.controls}>
        <SelectField
          label="Style"
          id={`ai-image-type-${elementId}`}
          value={imageType}
          onChange={(event) => setImageType(event.target.value as ImageType)}
        >
          {IMAGE_TYPES.map((type) => (
            <option key={type} value={type}>
              {typeLabel(type)}
            </option>
          ))}
        </SelectField>
        <div className={styles.actions}>
          <Button
            size="sm"
            disabled={!described || ai.busy}
            onClick={() => void ai.run({ service: GENERATE_PANEL_SERVICE, prompt, imageType })}
          >
            Generate 4 images
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={!described || ai.busy}
            onClick={() => void ai.run({ service: MODIFY_PANEL_SERVICE, prompt, imageType })}
          >
            Modify this image
          </Button>
        </div>
      </div>
      <AiOutcome
        offline={ai.offline}
        offlineWork="crops and colour treatments of the image; a description only sets the colours"
        error={ai.error}
      />
    </section>
  );
}
