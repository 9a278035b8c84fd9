import { ACCEPTED_IMAGE_TYPES, type ImageVariant } from '@kindling/domain';
import clsx from 'clsx';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button, buttonClassName } from '../../../../ui/button';
import { TextField } from '../../../../ui/field';
import { ImageIcon } from '../../../../ui/icons';
import { Spinner } from '../../../../ui/spinner';
import { useImageUpload } from '../hooks/use-image-upload';
import { draftVariantDomId } from '../hooks/draft-focus';
import styles from './draft-editor.module.css';

interface ImageVariantFieldsProps {
  elementId: number;
  variant: ImageVariant;
  position: number;
  /** Several files make several variants, except when editing a single suggestion. */
  multiple: boolean;
  errorId: string | undefined;
}

/** An image variant: upload files or use an image address. */
export function ImageVariantFields(props: ImageVariantFieldsProps) {
  const { elementId, variant, position, multiple, errorId } = props;
  const { upload, applyUrl, busy, errors } = useImageUpload(elementId, variant.id);
  const [url, setUrl] = useState('');
  const src = variant.info.thumb ?? variant.info.src;
  const errorsRef = useRef<HTMLDivElement>(null);

  // The messages sit below the address field, often under the editor's sticky footer.
  useEffect(() => {
    if (errors.length > 0) errorsRef.current?.scrollIntoView({ block: 'center' });
  }, [errors]);

  function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    // Cleared so choosing the same file again still fires a change.
    event.target.value = '';
    void upload(files);
  }

  function onUrl(event: FormEvent) {
    event.preventDefault();
    void applyUrl(url).then((used) => {
      if (used) setUrl('');
    });
  }

  return (
    <div className={styles.image}>
      {src ? (
        <img className={styles.imagePreview} src={src} alt={`Variant ${position} image`} />
      ) : (
        <div className={styles.imageEmpty}>
          <ImageIcon size={24} />
          <span>No image yet</span>
        </div>
      )}
      <label
        className={clsx(
          buttonClassName({ variant: 'outline', color: 'secondary', size: 'sm' }),
          styles.upload,
          busy !== undefined && styles.uploadBusy,
        )}
      >
        {busy === 'upload' ? <Spinner size="sm" /> : null}
        {busy === 'upload' ? 'Uploading…' : multiple ? 'Upload images' : 'Upload image'}
        <input
          id={draftVariantDomId(variant.id)}
          type="file"
          className="visually-hidden"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          multiple={multiple}
          disabled={busy !== undefined}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          onChange={onFiles}
        />
      </label>
      <div className={styles.or} aria-hidden="true">
        or
      </div>
      {/* Not a <form>: the editor may itself sit inside the wizard's form. */}
      <div className={styles.urlRow}>
        <TextField
          label="Image URL"
          type="url"
          inputMode="url"
          placeholder="https://…"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onUrl(event);
          }}
          className={styles.urlField}
        />
        <Button
          variant="outline"
          color="secondary"
          loading={busy === 'url'}
          disabled={busy !== undefined || url.trim() === ''}
          onClick={onUrl}
        >
          Use image
        </Button>
      </div>
      <div ref={errorsRef}>
        {errors.map((message) => (
          <p key={message} className={styles.error} role="alert">
            {message}
          </p>
        ))}
      </div>
    </div>
  );
}
