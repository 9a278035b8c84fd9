import { ERROR_MESSAGES, validateUploads } from '@kindling/domain';
import { useState } from 'react';
import { errorMessage } from '../../../../lib/error-message';
import { useCurrentTeam } from '../../../../lib/current-team';
import { isImage, uploadImages } from '../api/variants-api';
import { existingNewVariants, placeImages, type PlacedImage } from '../state/draft-uploads';
import { findElement } from '../state/element-updates';
import { useElementsStore } from './use-elements-store';

/**
 * Uploads (or checks an address) for the draft image variant `targetId` and places the images
 * in the draft. Messages are shown verbatim (spec section 5, "Image upload", "Image URL").
 */
export function useImageUpload(elementId: number, targetId: number) {
  const { slug: team } = useCurrentTeam();
  const { dispatch, latest } = useElementsStore();
  const [busy, setBusy] = useState<'upload' | 'url' | undefined>();
  const [errors, setErrors] = useState<string[]>([]);

  function place(images: PlacedImage[]) {
    const now = latest.current;
    const element = findElement(now, elementId);
    if (!now.draft || !element) return;
    const placed = placeImages({
      draft: now.draft,
      element,
      targetId,
      images,
      lastTemporaryId: now.lastTemporaryId,
    });
    for (const _id of placed.newIds) dispatch({ type: 'draftAddVariant' });
    dispatch({ type: 'draftSet', draft: placed.draft });
  }

  async function upload(files: File[]) {
    const { draft } = latest.current;
    const element = findElement(latest.current, elementId);
    if (!draft || !element || files.length === 0) return;
    const check = validateUploads({
      files,
      existingNewVariants: existingNewVariants(draft, element, targetId),
    });
    setErrors(check.errors);
    if (check.accepted.length === 0) return;
    setBusy('upload');
    try {
      const result = await uploadImages(team, check.accepted);
      place(result.files.map((src, i) => ({ src, thumb: result.thumbs[i] })));
    } catch (error) {
      setErrors([errorMessage(error)]);
    } finally {
      setBusy(undefined);
    }
  }

  /** True when the address was used; a failed check shows "Could not get image info". */
  async function applyUrl(url: string): Promise<boolean> {
    const address = url.trim();
    if (!address) {
      setErrors([ERROR_MESSAGES.urlUndefined]);
      return false;
    }
    setBusy('url');
    setErrors([]);
    try {
      const ok = await isImage(team, address);
      if (ok) place([{ src: address }]);
      else setErrors([ERROR_MESSAGES.imageInfo]);
      return ok;
    } finally {
      setBusy(undefined);
    }
  }

  return { upload, applyUrl, busy, errors };
}
