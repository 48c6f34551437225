/**
 * The SignalR JSON hub protocol, version 1 (what @microsoft/signalr speaks): JSON records, each
 * terminated by the record separator 0x1e.
 */
export const recordSeparator = '\x1e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
} as const;

export interface InvocationMessage {
  readonly type: 1;
  readonly invocationId?: string;
  readonly target: string;
  readonly arguments: readonly unknown[];
}

export type CompletionMessage =
  | { readonly type: 3; readonly invocationId: string; readonly result?: unknown }
  | { readonly type: 3; readonly invocationId: string; readonly error: string };

export interface CloseMessage {
  readonly type: 7;
  readonly error?: string;
  readonly allowReconnect?: boolean;
}

export type OutgoingMessage = InvocationMessage | CompletionMessage | CloseMessage | { readonly type: 6 };

/** One protocol record as text. */
export const encodeRecord = (message: object): string => `${JSON.stringify(message)}${recordSeparator}`;

/**
 * Splits received text into complete records; what follows the last separator is returned as the
 * remainder (a record may span WebSocket frames).
 */
export const splitRecords = (buffered: string): { records: string[]; rest: string } => {
  const parts = buffered.split(recordSeparator);
  const rest = parts.pop() ?? '';
  return { records: parts, rest };
};

export type ParsedMessage =
  | { readonly kind: 'invocation'; readonly message: InvocationMessage }
  | { readonly kind: 'streamInvocation'; readonly invocationId: string | undefined }
  | { readonly kind: 'ping' }
  | { readonly kind: 'close' }
  | { readonly kind: 'ignored' }
  | { readonly kind: 'invalid'; readonly reason: string };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads one hub message (after the handshake). */
export const parseMessage = (record: string): ParsedMessage => {
  let value: unknown;
  try {
    value = JSON.parse(record);
  } catch {
    return { kind: 'invalid', reason: 'Message is not valid JSON.' };
  }
  if (!isRecord(value) || typeof value.type !== 'number')
    return { kind: 'invalid', reason: 'Message has no type.' };
  const invocationId = typeof value.invocationId === 'string' ? value.invocationId : undefined;
  switch (value.type) {
    case MessageType.Invocation: {
      if (typeof value.target !== 'string') return { kind: 'invalid', reason: 'Invocation has no target.' };
      const args = Array.isArray(value.arguments) ? value.arguments : [];
      return {
        kind: 'invocation',
        message: {
          type: 1,
          target: value.target,
          arguments: args,
          ...(invocationId !== undefined ? { invocationId } : {}),
        },
      };
    }
    case MessageType.StreamInvocation:
      return { kind: 'streamInvocation', invocationId };
    case MessageType.Ping:
      return { kind: 'ping' };
    case MessageType.Close:
      return { kind: 'close' };
    default:
      // Completions, stream items and cancellations are for server-to-client calls we never make.
      return { kind: 'ignored' };
  }
};

/** Reads the handshake request: `{"protocol":"json","version":1}`; an error text when unusable. */
export const parseHandshake = (record: string): { ok: true } | { ok: false; error: string } => {
  let value: unknown;
  try {
    value = JSON.parse(record);
  } catch {
    return { ok: false, error: 'Handshake request is not valid JSON.' };
  }
  if (!isRecord(value)) return { ok: false, error: 'Handshake request is not an object.' };
  if (value.protocol !== 'json')
    return { ok: false, error: `The protocol '${String(value.protocol)}' is not supported.` };
  if (value.version !== 1)
    return { ok: false, error: `The protocol version '${String(value.version)}' is not supported.` };
  return { ok: true };
};
