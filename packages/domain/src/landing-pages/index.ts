export * from './content';
export * from './render';
