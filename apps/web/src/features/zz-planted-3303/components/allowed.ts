export { b } from '../two/state/b';
export { thing as other } from './thing';
export { logger } from '../../../lib/logger';
