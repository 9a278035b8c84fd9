import {
  DUPLICATE_VARIANT,
  elementVariantProblems,
  VARIANT_TYPE_MISMATCH,
  type CampaignElement,
  type ElementVariantsCheck,
} from '@kindling/domain';
import { AppError, validationError } from '../../errors';

export interface NamedCheck extends ElementVariantsCheck {
  /** The request field of incoming variant `index`, e.g. `variants.2`. */
  fieldOf(index: number): string;
}

/**
 * The one gate for every write of variants (create, save, add-variants): refuses the whole
 * write with the spec's duplicate-variant error, a type mismatch or an empty variant, naming
 * each variant.
 */
export function assertVariantsMayBeStored(checks: readonly NamedCheck[]): void {
  const problems = checks.flatMap((check) =>
    elementVariantProblems(check).map((problem) => ({
      ...problem,
      field: check.fieldOf(problem.index),
    })),
  );
  const mismatches = problems.filter((problem) => problem.code === 'type-mismatch');
  if (mismatches.length > 0) {
    throw validationError(
      VARIANT_TYPE_MISMATCH,
      Object.fromEntries(mismatches.map((problem) => [`${problem.field}.type`, problem.message])),
    );
  }
  const empty = problems.filter((problem) => problem.code === 'empty');
  if (empty.length > 0) {
    throw validationError(
      empty[0]!.message,
      Object.fromEntries(empty.map((problem) => [problem.field, problem.message])),
    );
  }
  if (problems.length > 0) {
    throw new AppError(
      DUPLICATE_VARIANT.code,
      DUPLICATE_VARIANT.message,
      Object.fromEntries(problems.map((problem) => [problem.field, problem.message])),
    );
  }
}

/** Every element's variants, all incoming (create and save send the whole campaign). */
export function campaignVariantChecks(elements: readonly CampaignElement[]): NamedCheck[] {
  return elements.map((element, e) => ({
    element,
    incoming: element.variants,
    fieldOf: (index) => `elements.${e}.variants.${index}`,
  }));
}
