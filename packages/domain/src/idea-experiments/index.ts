export * from './input';
export * from './notice';
export * from './stop-rule';
export * from './verdict';
export * from './view';
