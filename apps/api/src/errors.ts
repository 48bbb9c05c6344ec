/** Status codes the API answers for expected failures. */
export type ApiErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 502 | 504;

/**
 * An expected failure of a request (missing scenario, action not allowed in this state ...). Services throw
 * it; the app's single onError turns it into `{"message": ...}` with its status.
 */
export class ApiError extends Error {
  readonly kind = 'ApiError';
  constructor(
    readonly status: ApiErrorStatus,
    message: string,
    readonly path?: (string | number)[],
  ) {
    super(message);
  }
}

/** 404. */
export const notFound = (message: string) => new ApiError(404, message);
/** 400. */
export const badRequest = (message: string, path?: (string | number)[]) => new ApiError(400, message, path);
/** 409: not allowed in the current state. */
export const conflict = (message: string) => new ApiError(409, message);
/** 413: the body is larger than the configured limit. */
export const payloadTooLarge = (message: string) => new ApiError(413, message);
/** 403. */
export const forbidden = (message = 'The supplied authentication is not authorized to access this resource') =>
  new ApiError(403, message);

/** 502: a server this one called (a remote environment) failed or refused; the message names it. */
export const badGateway = (message: string) => new ApiError(502, message);
/** 504: a server this one called did not answer in time. */
export const gatewayTimeout = (message: string) => new ApiError(504, message);

/** Checks the kind rather than the class, so a second copy of this module still matches. */
export function isApiError(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && (error as { kind?: unknown }).kind === 'ApiError';
}
