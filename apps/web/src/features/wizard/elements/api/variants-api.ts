import { variantSchema, type Variant } from '@kindling/domain';
import { z } from 'zod';
import { api, teamApiPath } from '../../../../lib/api-client';

// Variant calls of spec section 7 (team-scoped, prefix /campaign).

const addVariantsResultSchema = z.object({
  variants: z.array(variantSchema),
  newVariantIds: z.array(z.number().int()),
});
export type AddVariantsResult = z.infer<typeof addVariantsResultSchema>;

const uploadResultSchema = z.object({
  files: z.array(z.string()),
  thumbs: z.array(z.string()).default([]),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** The variant as the server stores it: client markers and statistics stay behind. */
export function toServerVariant(variant: Variant): Variant {
  const { marker: _marker, metrics: _metrics, benchmark: _benchmark, ...rest } = variant;
  return rest;
}

export function addVariants(
  team: string,
  input: { campaignId: number; elementId: number; variants: Variant[] },
): Promise<AddVariantsResult> {
  return api.post(
    teamApiPath(team, '/campaign/add-variants'),
    { ...input, variants: input.variants.map(toServerVariant) },
    { schema: addVariantsResultSchema },
  );
}

/**
 * The server answers paths under its own origin; the preview frame and the tested page live
 * elsewhere, so the variant keeps an absolute address.
 */
const absolute = (path: string): string => new URL(path, window.location.origin).href;

export async function uploadImages(team: string, files: readonly File[]): Promise<UploadResult> {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  const result = await api.postForm(teamApiPath(team, '/campaign/upload-images'), form, {
    schema: uploadResultSchema,
  });
  return { files: result.files.map(absolute), thumbs: result.thumbs.map(absolute) };
}

/** Whether the address serves an image (checked by the server); a failed check is false. */
export async function isImage(team: string, url: string): Promise<boolean> {
  try {
    const answer = await api.get<{ result?: unknown }>(
      teamApiPath(team, '/campaign/is-image', { url }),
    );
    return answer.result === true;
  } catch {
    return false;
  }
}
