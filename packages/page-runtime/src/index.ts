export const PAGE_RUNTIME_VERSION = 1;
export * from './mutation-types';
export * from './protocol';
export type { ElementDescription } from './describe-element';
export { variantMutations } from './variant-mutations';
