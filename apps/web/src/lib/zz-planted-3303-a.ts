import { b } from './zz-planted-3303-b';
export const a = (): number => b() + 1;
