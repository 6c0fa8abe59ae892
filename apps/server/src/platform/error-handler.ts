import { MSG, Status } from '@kaoshi/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { AppError } from './errors.ts';

const CHINESE = /[\u3400-\u9fff]/;

/** The first issue's message when it is written for learners (Chinese), else '<field>格式不正确'. */
export function zodMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return '请求参数格式不正确';
  if (CHINESE.test(issue.message)) return issue.message;
  return `${issue.path.map(String).join('.') || '请求参数'}格式不正确`;
}

/** The SQLSTATE of a database error (PGlite or pg), possibly wrapped by drizzle; undefined for other errors. */
export function sqlStateOf(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/**
 * The one error handler: every failure becomes HTTP 200 with { status, msg, data: null }.
 * Bad input → 400 with a Chinese message; anything unexpected → 500 with a generic message, details logged.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | ZodError | Error, request, reply) => {
    reply.code(200).header('cache-control', 'no-store');
    if (error instanceof AppError) {
      return reply.send({ status: error.status, msg: error.message, data: error.data });
    }
    if (error instanceof ZodError) {
      return reply.send({ status: Status.BAD_INPUT, msg: zodMessage(error), data: null });
    }
    const sqlState = sqlStateOf(error);
    if (sqlState && (sqlState.startsWith('22') || sqlState === '54000')) {
      // Data the database refused (a character it cannot store, a number out of range …): bad input, not a crash.
      request.log.info({ sqlState }, 'database refused the input of a call');
      return reply.send({ status: Status.BAD_INPUT, msg: '请求参数格式不正确', data: null });
    }
    const code = (error as FastifyError).statusCode;
    if (code && code >= 400 && code < 500) {
      request.log.info({ code: (error as FastifyError).code }, `rejected request: ${error.message}`);
      return reply.send({ status: Status.BAD_INPUT, msg: '请求格式不正确', data: null });
    }
    request.log.error({ err: error }, 'unhandled error while answering a call');
    return reply.send({ status: Status.SERVER_ERROR, msg: MSG.serverError, data: null });
  });
}
