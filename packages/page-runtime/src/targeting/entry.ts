// GET /api/tracker/{team}/targeting.js (issue 31): the page-rule matcher, the audience evaluator
// and the global holdout, a module the rules bundles import beside the config
// (targeting-loader.ts).
export { targeting as default } from '../tracker/targeting';
