import clsx from 'clsx';
import { useState } from 'react';
import { ImageIcon } from '../../../ui/icons';
import styles from './campaign-thumbnail.module.css';

interface CampaignThumbnailProps {
  src: string | null | undefined;
  alt: string;
  size?: 'sm' | 'lg';
}

/** The page screenshot, or a neutral placeholder while there is none (or it fails to load). */
export function CampaignThumbnail({ src, alt, size = 'sm' }: CampaignThumbnailProps) {
  const [failed, setFailed] = useState(false);
  const className = clsx(styles.thumb, styles[size]);
  if (!src || failed) {
    return (
      <div className={clsx(className, styles.placeholder)} data-testid="thumbnail-placeholder">
        <ImageIcon size={size === 'lg' ? 32 : 20} />
      </div>
    );
  }
  return (
    <img
      className={className}
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
