export { thing } from '../components/thing';
