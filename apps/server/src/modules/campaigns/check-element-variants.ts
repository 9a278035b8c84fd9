import {
  DUPLICATE_VARIANT,
  elementVariantProblems,
  fitsNewVariantLimit,
  NEW_VARIANT_LIMIT_MESSAGE,
  splitUrlElementsProblem,
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
  const invalid = problems.filter(
    (problem) => problem.code === 'empty' || problem.code === 'bad-change',
  );
  if (invalid.length > 0) {
    throw validationError(
      invalid[0]!.message,
      Object.fromEntries(invalid.map((problem) => [problem.field, problem.message])),
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

/** A split-URL test's page is its campaign's only element (split-url.ts). */
export function assertSplitUrlAlone(elements: readonly CampaignElement[]): void {
  const problem = splitUrlElementsProblem(elements);
  if (problem) throw validationError(problem, { elements: problem });
}

/**
 * Every element's variants, all incoming (create and save send the whole campaign), checked
 * against the campaign's page (a split-URL variant's address must be on its site).
 */
export function campaignVariantChecks(
  elements: readonly CampaignElement[],
  pageUrl: string,
): NamedCheck[] {
  return elements.map((element, e) => ({
    element,
    pageUrl,
    incoming: element.variants,
    fieldOf: (index) => `elements.${e}.variants.${index}`,
  }));
}

/**
 * Spec sections 4, 5 and 9: at most 5 new variants for one element in one write, by the
 * domain's rule the editor asks too. `count` is the element's new variants in the request.
 */
export function assertNewVariantsFit(
  elements: readonly { field: string; count: number }[],
  message: string = NEW_VARIANT_LIMIT_MESSAGE,
): void {
  const over = elements.filter(({ count }) => !fitsNewVariantLimit({ adding: count }));
  if (over.length > 0) {
    throw validationError(message, Object.fromEntries(over.map(({ field }) => [field, message])));
  }
}
