import { type ErrorCode, errorStatus } from '@forecourt/contracts';

/** A coded error; mapped to HTTP in one place (lib/error-handler.ts). */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fieldErrors: Record<string, string[]> | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: {
      fieldErrors?: Record<string, string[]>;
      details?: Record<string, unknown>;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.fieldErrors = options.fieldErrors;
    this.details = options.details;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = (what = 'Not found') => new AppError('NOT_FOUND', what);
export const unauthorized = (message = 'Authentication required') => new AppError('UNAUTHORIZED', message);
export const forbidden = (message = 'You are not authorised to perform this action.') =>
  new AppError('FORBIDDEN', message);
export const validation = (fieldErrors: Record<string, string[]>, message = 'Some answers need attention') =>
  new AppError('VALIDATION', message, { fieldErrors });
