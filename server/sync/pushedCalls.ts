import { AppError } from '../../domain/errors';
import type { DecodedCall } from '../../domain/sync/intentDefinition';
import { matchIntentCall } from '../../domain/sync/intents';
import type { Scope } from '../resources/scope';
import type { PushItem } from './exactlyOnce';

const keyPattern = /^[A-Za-z0-9._:-]{8,128}$/;
export const devicePattern = /^[A-Za-z0-9._:-]{1,128}$/;
const mutationIdPattern = /^[1-9][0-9]{0,14}$/;

/** A pushed call as it arrives: its sync values (headers of a single call, fields of a batch's entry) and call. */
export interface IncomingCall {
  readonly idempotencyKey: string;
  readonly deviceId: string | undefined;
  readonly mutationId: string | undefined;
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  readonly body: unknown;
}

/**
 * A pushed call checked: its sync values well formed (Idempotency-Key, X-Device-Id, X-Mutation-Id with a device)
 * and its method and path, after canonical decoding, the call of an intent of the registry — anything else is
 * refused with 400 before it runs (docs/sync-contract.md: a push carries intents and nothing else).
 */
export const pushItemOf = (scope: Scope, incoming: IncomingCall): PushItem => {
  const key = incoming.idempotencyKey;
  const refused = (detail: string): PushItem => ({ key, refused: new AppError('badRequest', { detail }) });
  if (!keyPattern.test(key)) return refused('Idempotency-Key');
  const deviceId = incoming.deviceId ?? null;
  if (deviceId !== null && !devicePattern.test(deviceId)) return refused('X-Device-Id');
  const mutation = incoming.mutationId;
  if (mutation !== undefined && (!mutationIdPattern.test(mutation) || deviceId === null))
    return refused('X-Mutation-Id');
  const matched = matchIntentCall(incoming.method, incoming.path);
  if (!matched) return refused('not the call of a synced intent');
  const call: DecodedCall = { params: matched.params, query: incoming.query, body: incoming.body };
  return {
    key,
    kind: matched.kind,
    call,
    mutation: {
      clientAccountId: scope.clientAccountId,
      userId: scope.userId,
      idempotencyKey: key,
      deviceId,
      mutationId: mutation === undefined ? null : Number(mutation),
      method: incoming.method,
      path: matched.path,
    },
  };
};
