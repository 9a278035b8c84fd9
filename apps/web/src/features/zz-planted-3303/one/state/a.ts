export { b } from '../../two/state/b';
