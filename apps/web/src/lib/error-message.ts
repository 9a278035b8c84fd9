const FALLBACK = 'Looks like something went wrong :(';

/** The human-readable message of anything thrown (ApiError, Error, string). */
export function errorMessage(error: unknown, fallback = FALLBACK): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}
