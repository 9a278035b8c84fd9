import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_BYTES, type AcceptedImageType } from './constants';
import { fitsNewVariantLimit } from './variant-limit';

// Image upload rules, spec section 5.

export const UPLOAD_MESSAGES = {
  tooLarge: 'File is too large. The maximum file size is 4MB.',
  unsupportedType: 'File type not supported. We accept JPG, PNG and GIF.',
  tooMany:
    'You have uploaded too many files. You can have up to 5 variant selections for this element.',
} as const;

export interface UploadFile {
  name: string;
  /** Bytes. */
  size: number;
  /** MIME type as declared by the browser; the server re-checks with sniffImageType. */
  type: string;
}

export interface UploadCheck<F extends UploadFile> {
  accepted: F[];
  errors: string[];
}

export function isAcceptedImageType(type: string): type is AcceptedImageType {
  return (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(type);
}

/**
 * Files over 4 MB or of another type are dropped; each broken rule is reported
 * once, in the order size, type, count.
 * The count rule applies to the files that passed: when the element's existing new
 * variants plus those files exceed 5, the whole batch is refused.
 */
export function validateUploads<F extends UploadFile>({
  files,
  existingNewVariants,
}: {
  files: readonly F[];
  existingNewVariants: number;
}): UploadCheck<F> {
  let tooLarge = false;
  let unsupportedType = false;
  const passed = files.filter((file) => {
    if (file.size > MAX_IMAGE_BYTES) {
      tooLarge = true;
      return false;
    }
    if (!isAcceptedImageType(file.type.toLowerCase())) {
      unsupportedType = true;
      return false;
    }
    return true;
  });
  const tooMany =
    passed.length > 0 &&
    !fitsNewVariantLimit({ existing: existingNewVariants, adding: passed.length });
  const errors = [
    ...(tooLarge ? [UPLOAD_MESSAGES.tooLarge] : []),
    ...(unsupportedType ? [UPLOAD_MESSAGES.unsupportedType] : []),
    ...(tooMany ? [UPLOAD_MESSAGES.tooMany] : []),
  ];
  return { accepted: tooMany ? [] : passed, errors };
}

const SIGNATURES: readonly [AcceptedImageType, readonly number[]][] = [
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/gif', [0x47, 0x49, 0x46, 0x38, 0x37, 0x61]], // GIF87a
  ['image/gif', [0x47, 0x49, 0x46, 0x38, 0x39, 0x61]], // GIF89a
];

/** The image type from the file's first bytes, not its name or declared type. */
export function sniffImageType(bytes: Uint8Array): AcceptedImageType | undefined {
  const match = SIGNATURES.find(([, signature]) => signature.every((byte, i) => bytes[i] === byte));
  return match?.[0];
}
