import type { FastifyRequest } from 'fastify';
import { validationError } from '../errors';
import type { AppInstance } from './types';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The most objects and arrays a JSON body of the route may hold, counted before it is
     * parsed: each costs an allocation in the parser and a visit in the text guard and schema.
     */
    maxJsonContainers?: number;
  }
}

/**
 * The deepest objects and arrays may nest in any JSON body. The deepest contract is a client
 * log record's data (10 levels inside 3); parsing, the text guard and the schemas all walk a
 * body, and a million nested arrays kept the event loop busy for about a second (issue 34).
 */
export const JSON_MAX_DEPTH = 32;
const tooDeep = (maxDepth: number) => `The body is nested more than ${maxDepth} levels deep.`;
export const JSON_TOO_DEEP = tooDeep(JSON_MAX_DEPTH);
export const jsonTooManyContainers = (max: number) =>
  `The body holds more than ${max} objects and arrays.`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

export interface JsonShapeLimits {
  maxDepth: number;
  maxContainers?: number | undefined;
}

/**
 * What is wrong with the shape of JSON text (objects and arrays nested deeper than `maxDepth`,
 * or more of them than `maxContainers`), read in one pass that builds nothing and skips strings;
 * it stops at the first container past a limit. Text that is not JSON may pass: the parser
 * refuses it next.
 */
export function jsonShapeProblem(
  text: string,
  { maxDepth, maxContainers = Infinity }: JsonShapeLimits,
): string | undefined {
  let depth = 0;
  let containers = 0;
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) {
      for (at += 1; at < text.length; at += 1) {
        const inString = text.charCodeAt(at);
        if (inString === BACKSLASH) at += 1;
        else if (inString === QUOTE) break;
      }
    } else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      depth += 1;
      containers += 1;
      if (depth > maxDepth) return tooDeep(maxDepth);
      if (containers > maxContainers) return jsonTooManyContainers(maxContainers);
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
      depth -= 1;
    }
  }
  return undefined;
}

/**
 * JSON text parsed, refused with 400 when its shape is past the limits (JSON_MAX_DEPTH and the
 * route's `maxContainers`) or, with `notJson`, when it is not JSON.
 */
export function parseJsonText(
  text: string,
  { notJson, maxContainers }: { notJson: string; maxContainers?: number | undefined },
): unknown {
  const problem = jsonShapeProblem(text, { maxDepth: JSON_MAX_DEPTH, maxContainers });
  if (problem) throw validationError(problem);
  try {
    return JSON.parse(text);
  } catch {
    throw validationError(notJson);
  }
}

/**
 * Reads the scope's `text/plain` bodies as JSON (`parseJsonText`): what `sendBeacon` and a
 * CORS simple request (no preflight) send from customers' pages.
 */
export function acceptTextPlainJson(
  scope: AppInstance,
  options: { notJson: string; maxContainers?: number },
): void {
  scope.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJsonText(body as string, options));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}

const limitsOf = (request: FastifyRequest): JsonShapeLimits => ({
  maxDepth: JSON_MAX_DEPTH,
  maxContainers: request.routeOptions.config.maxJsonContainers,
});

/**
 * Every route's `application/json` bodies go through the shape check before Fastify's own
 * parser (which refuses `__proto__` and `constructor.prototype` keys). Installed before any
 * route or plugin, so every scope inherits it.
 */
export function installJsonShapeLimits(app: AppInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const problem = jsonShapeProblem(body as string, limitsOf(request));
    if (problem) {
      done(validationError(problem), undefined);
      return;
    }
    void parse(request, body as string, done);
  });
}
