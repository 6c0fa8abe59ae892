import { MSG, Status } from '@kaoshi/contract';

/**
 * A failure the learner should read: answered with HTTP 200 and { status, msg, data }.
 * Made by the named functions below so that every kind of failure has one spelling.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badInput = (msg: string) => new AppError(Status.BAD_INPUT, msg);
export const notLoggedIn = () => new AppError(Status.UNAUTHORIZED, MSG.notLoggedIn);
export const sessionExpired = () => new AppError(Status.UNAUTHORIZED, MSG.sessionExpired);
export const forbidden = (msg: string) => new AppError(Status.FORBIDDEN, msg);
export const notFound = (msg: string) => new AppError(Status.NOT_FOUND, msg);
export const noAgent = () => notFound(MSG.noAgent);
export const tooMany = (msg: string) => new AppError(Status.TOO_MANY, msg);
export const unavailable = (msg: string) => new AppError(Status.UNAVAILABLE, msg);
export const maintenance = () => new AppError(Status.MAINTENANCE, MSG.maintenance);
