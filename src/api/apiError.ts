import { type ApiErrorBody, apiErrorSchema, type ErrorCode, type FieldError } from '../../domain/errors';

/** Code used when the server's answer carries no error body. */
const codeForStatus = (status: number): ErrorCode => {
  if (status === 0) return 'somethingWentWrong';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'notFoundOrNoPermission';
  if (status === 406) return 'numberCollision';
  if (status === 409) return 'uniqueConflict';
  if (status === 413) return 'fileTooBig';
  if (status === 429) return 'tooManyAttempts';
  if (status >= 500) return 'somethingWentWrong';
  return 'badRequest';
};

/** Every failed API call is thrown as an ApiError; status 0 means no response (network failure). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;

  constructor(status: number, body: ApiErrorBody, options?: { cause?: unknown }) {
    super(body.message || body.code, options);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  get code(): ErrorCode {
    return this.body.code;
  }

  get fields(): FieldError[] {
    return this.body.fields ?? [];
  }

  get requestId(): string | undefined {
    return this.body.requestId;
  }

  /** The server could not be reached at all. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /** Builds the error from a response body that may or may not have the API's error shape. */
  static fromResponse(status: number, payload: unknown, requestId?: string): ApiError {
    const parsed = apiErrorSchema.safeParse(payload);
    if (parsed.success)
      return new ApiError(status, { ...parsed.data, requestId: parsed.data.requestId ?? requestId });
    const code = codeForStatus(status);
    const message =
      typeof payload === 'object' &&
      payload !== null &&
      typeof (payload as { message?: unknown }).message === 'string'
        ? (payload as { message: string }).message
        : code;
    return new ApiError(status, { code, message, requestId });
  }

  static network(cause: unknown, requestId?: string): ApiError {
    return new ApiError(0, { code: 'somethingWentWrong', message: 'network', requestId }, { cause });
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;
