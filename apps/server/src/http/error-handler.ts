import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DATABASE_UNAVAILABLE, watchDatabaseAvailability } from '../db/availability';
import type { Db } from '../db/database';
import { AppError, RateLimitedError, type ErrorCode } from '../errors';
import { bodyTooLarge } from './body-limit';

const CLIENT_ERROR_CODES: Partial<Record<number, ErrorCode>> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
};

/** Every failure leaves as `{error: {code, message, fields?}}`; no stack traces reach clients. */
export function installErrorHandler(app: FastifyInstance, { db }: { db: Db }): void {
  // A database outage answers 503 (retry shortly), not 500, and is logged once per outage.
  const database = watchDatabaseAvailability(db, app.log);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof RateLimitedError) {
        void reply.header('retry-after', String(error.retryAfterSeconds));
      }
      return reply.status(error.status).send({
        error: {
          code: error.code,
          message: error.message,
          ...(error.fields ? { fields: error.fields } : {}),
        },
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '(body)';
        fields[field] ??= issue.message ?? 'Invalid value';
      }
      const first = Object.entries(fields)[0];
      const message = first ? first[1] : 'The request is not valid.';
      return reply.status(400).send({ error: { code: 'VALIDATION', message, fields } });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const { code, message } = bodyTooLarge(request.routeOptions.bodyLimit);
      // The rest of the body is not read: Node would otherwise drain it to reuse the connection.
      return reply.status(413).header('connection', 'close').send({ error: { code, message } });
    }
    if (error.statusCode && error.statusCode < 500) {
      const code = CLIENT_ERROR_CODES[error.statusCode] ?? 'VALIDATION';
      return reply.status(error.statusCode).send({ error: { code, message: error.message } });
    }
    if (database.isOutage(error)) {
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ error: { code: 'RETRYABLE', message: DATABASE_UNAVAILABLE } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } });
  });
}

const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Unknown API paths answer JSON 404. With the SPA built, any other GET gets index.html so the
 * browser router can take over (deep links, reloads).
 */
export function installNotFound(app: FastifyInstance, { serveSpa }: { serveSpa: boolean }): void {
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    // A missing hashed asset must stay a 404, or the browser gets HTML for a script.
    const isAsset = request.url.startsWith('/assets/');
    if (serveSpa && !isApi && !isAsset && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ error: { code: 'NOT_FOUND', message: `No route ${request.method} ${request.url}` } });
  });
}

/** The error-shaped answer for an error Fastify raises before any route runs (bad URL …). */
export function frameworkErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  void reply.code(status).send({
    error: { code: CLIENT_ERROR_CODES[status] ?? 'VALIDATION', message: error.message },
  });
}

/** Requests Node cannot even parse (431 headers too large, malformed): the same JSON shape. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) return;
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const body = JSON.stringify({
    error: {
      code: 'VALIDATION',
      message: tooLarge ? 'The request headers are too large.' : 'The request could not be read.',
    },
  });
  socket.end(
    `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
}
