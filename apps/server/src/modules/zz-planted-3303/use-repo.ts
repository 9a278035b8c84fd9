export { findTeam } from '../teams/repo';
