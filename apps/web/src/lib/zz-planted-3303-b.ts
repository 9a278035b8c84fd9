import { a } from './zz-planted-3303-a';
export const b = (): number => (a.length > 9 ? 1 : 0);
