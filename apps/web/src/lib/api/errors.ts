/** Error kinds of spec 1 §8. */
export type ApiErrorType = 'NETWORK' | 'UNEXPECTED' | 'UNAUTHORIZED' | 'ABORTED';

export class ApiError extends Error {
  readonly type: ApiErrorType;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly fieldErrors: Record<string, string[]> | undefined;
  readonly body: unknown;

  constructor(
    type: ApiErrorType,
    message: string,
    details: { status?: number; code?: string; fieldErrors?: Record<string, string[]>; body?: unknown } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.type = type;
    this.status = details.status;
    this.code = details.code;
    this.fieldErrors = details.fieldErrors;
    this.body = details.body;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** The reason code an API refusal names in its `details` (e.g. 'CHANGE_BLOCKED_RENEWAL_WINDOW'), if any. */
export function apiErrorReason(e: unknown): string | undefined {
  if (!isApiError(e) || typeof e.body !== 'object' || e.body === null) return undefined;
  const details = (e.body as { details?: unknown }).details;
  const reason =
    typeof details === 'object' && details !== null ? (details as { reason?: unknown }).reason : undefined;
  return typeof reason === 'string' ? reason : undefined;
}
/** 'Request aborted' shows no modal (spec 1 §8). */
export const isAborted = (e: unknown) => isApiError(e) && e.type === 'ABORTED';
