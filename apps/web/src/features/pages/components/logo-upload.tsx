import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { useCurrentTeam } from '../../../lib/current-team';
import { errorMessage } from '../../../lib/error-message';
import { Button } from '../../../ui/button';
import { uploadLogo } from '../api/pages-api';
import styles from './page-form-fields.module.css';

/** "Upload a logo": the file goes through the image upload, its address into the logo field. */
export function LogoUpload({ onUploaded }: { onUploaded: (url: string) => void }) {
  const { slug } = useCurrentTeam();
  const input = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: (file: File) => uploadLogo(slug, file),
    onSuccess: onUploaded,
  });
  return (
    <div>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        hidden
        data-testid="logo-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) upload.mutate(file);
          event.target.value = '';
        }}
      />
      <Button
        type="button"
        variant="outline"
        color="secondary"
        loading={upload.isPending}
        loadingText="Uploading…"
        onClick={() => input.current?.click()}
      >
        Upload a logo
      </Button>
      {upload.isError ? (
        <p className={styles.error} role="alert">
          {errorMessage(upload.error)}
        </p>
      ) : null}
    </div>
  );
}
