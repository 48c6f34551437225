import { apiErrorSchema, ruleIssueSchema } from '../domain/errors';
import type { TransportResponse } from './ports';
import type { Rejection } from './types';

/** What a push answer means for the entry (docs/sync-contract.md §5). */
export type Verdict =
  | { readonly kind: 'accepted' }
  /** Retry the same entry later, in place: network, 5xx, 408, 429, 409 mutationInProgress. */
  | { readonly kind: 'transient'; readonly status: number; readonly code: string }
  /** 401: renew the session and retry. */
  | { readonly kind: 'auth' }
  /** 406: the proposed document number is taken. */
  | { readonly kind: 'collision' }
  /** Any other 4xx: refused for good. */
  | { readonly kind: 'rejected'; readonly rejection: Rejection };

const codeOf = (body: unknown): string | undefined => {
  if (typeof body !== 'object' || body === null) return undefined;
  const code = (body as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
};

/** The refusal in the server's error shape; a body that is not one keeps what it can. */
export const rejectionOf = (status: number, body: unknown): Rejection => {
  const parsed = apiErrorSchema.safeParse(body);
  if (parsed.success) {
    const { code, message, fields, issues, requestId } = parsed.data;
    return {
      status,
      code,
      message,
      ...(fields ? { fields } : {}),
      ...(issues ? { issues } : {}),
      ...(requestId ? { requestId } : {}),
    };
  }
  const raw = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const issues = Array.isArray(raw.issues)
    ? raw.issues.flatMap((i) => {
        const p = ruleIssueSchema.safeParse(i);
        return p.success ? [p.data] : [];
      })
    : undefined;
  return {
    status,
    code:
      codeOf(body) ??
      (status === 404 ? 'notFoundOrNoPermission' : status === 403 ? 'forbidden' : 'badRequest'),
    ...(typeof raw.message === 'string' ? { message: raw.message } : {}),
    ...(issues?.length ? { issues } : {}),
  };
};

export const classify = (response: TransportResponse): Verdict => {
  const { status, body } = response;
  if (status >= 200 && status < 300) return { kind: 'accepted' };
  if (status === 401) return { kind: 'auth' };
  if (status === 406) return { kind: 'collision' };
  if (status === 0) return { kind: 'transient', status, code: 'network' };
  if (status === 408 || status === 429 || status >= 500)
    return { kind: 'transient', status, code: codeOf(body) ?? 'somethingWentWrong' };
  if (status === 409 && codeOf(body) === 'mutationInProgress')
    return { kind: 'transient', status, code: 'mutationInProgress' };
  if (status >= 400) return { kind: 'rejected', rejection: rejectionOf(status, body) };
  // 1xx/3xx are no answer the engine understands: try again later.
  return { kind: 'transient', status, code: 'somethingWentWrong' };
};

/** Retry delays of transient failures: 1 s doubling to 30 s. */
export const backoffMs = (attempt: number): number => Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));
