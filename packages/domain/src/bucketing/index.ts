export * from './assign';
export * from './hash';
