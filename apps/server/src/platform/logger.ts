import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

/** Never logged: passwords, password hashes, session guids, cookies. */
export const REDACT_PATHS = [
  'req.headers["x-guid"]',
  'req.headers.cookie',
  'req.headers.authorization',
  'body.password',
  'body.oldPassword',
  'body.guid',
  'query.guid',
  'input.password',
  'input.oldPassword',
  'input.guid',
  'guid',
  'password',
  'oldPassword',
  'passwordHash',
];

const SECRET_PARAMS = /([?&](?:guid|password|oldPassword)=)[^&#]*/gi;

/** A URL fit for the log: secret query parameters replaced. */
export const scrubUrl = (url: string): string => url.replace(SECRET_PARAMS, '$1[redacted]');

export interface LogOptions {
  level?: string;
  /** Where log lines go (default stdout); tests pass a stream to read them. */
  stream?: { write(line: string): void };
}

export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>, opts: LogOptions = {}): FastifyServerOptions['logger'] {
  return {
    level: opts.level ?? config.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; hostname?: string; ip?: string }) => ({
        method: req.method,
        url: scrubUrl(req.url),
        host: req.hostname,
        remoteAddress: req.ip,
      }),
    },
    ...(opts.stream && { stream: opts.stream }),
  };
}
