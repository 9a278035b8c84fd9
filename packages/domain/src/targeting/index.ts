// Targeting (issue 31): where a campaign runs and who sees it. The evaluators (page-rules.ts,
// audience.ts, user-agent.ts) are free of zod for the tracker bundle; the schemas and the
// regular-expression check run where rules are saved. The shared fixture table is imported by
// path (targeting-fixtures.ts), so it stays out of every bundle.
export * from './page-rules';
export * from './audience';
export * from './user-agent';
export * from './safe-regex';
export * from './page-rules-schema';
export * from './audience-schema';
export * from './runs-on';
export * from './page-rules-api';
export * from './audience-api';
