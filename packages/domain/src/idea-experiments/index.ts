export * from './input';
export * from './stop-rule';
export * from './verdict';
export * from './view';
