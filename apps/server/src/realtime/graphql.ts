// graphql-ws loads graphql the way Node resolves it (the CommonJS build, from "main"); a bare
// 'graphql' import in a bundler-resolved context (vitest) gets the ESM build instead, and two
// copies refuse each other's schemas and errors. Naming the file keeps us on graphql-ws's copy.
export {
  GraphQLBoolean,
  GraphQLError,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
} from 'graphql/index.js';
