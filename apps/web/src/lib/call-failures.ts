/** One front-end error report (spec §8 frontendError): what the client tells of a failed call, and what lib/tracking.ts sends. */
export interface ErrorReport {
  /** 0 error (default), 1 console warning. */
  bugType?: number;
  pageType?: string;
  action?: string;
  detail: string;
}

/**
 * Where the API client tells of a call the server refused in a way worth reporting (403, 404, 502). The
 * client does not import the error report itself: the report is sent through the client, and
 * installGlobalErrorHandlers (lib/error-report.ts) is what listens.
 */
let listener: ((r: ErrorReport) => void) | null = null;

export function onCallFailure(l: ((r: ErrorReport) => void) | null): void {
  listener = l;
}

export function callFailed(r: ErrorReport): void {
  listener?.(r);
}
