import { describe, expect, it } from 'vitest';
import type { Intent } from '../../../../domain/sync/intents';
import type { PositionView } from '../../../../src/features/terminal/data/orderViews';
import { followed } from '../../../../src/features/terminal/FeedbackBanner';
import { documentFollowOf } from '../../../../src/features/terminal/useDocumentFollow';
import { inWalkingOrder } from '../../../../src/features/terminal/walkingOrder';
import type { OutboxEntry, Row } from '../../../../sync/types';

const position = (id: string, lineNo: number): PositionView =>
  ({ id, lineNo, productId: `p-${id}`, remaining: 1 }) as unknown as PositionView;
const place = (id: string, label: string, pickupOrder: number | null = null): Row => ({
  id,
  label,
  pickupOrder,
});

describe("picking's round", () => {
  it('goes by pickup order, then by label in natural order, then by line; unknown places last', () => {
    const stops = inWalkingOrder([
      { position: position('a', 1), location: place('l1', 'B-10') },
      { position: position('b', 2), location: undefined },
      { position: position('c', 3), location: place('l2', 'B-2') },
      { position: position('d', 4), location: place('l3', 'Z-01', 1) },
      { position: position('e', 5), location: place('l2', 'B-2') },
      { position: position('f', 6), location: place('l4', 'A-7') },
    ]);
    expect(stops.map((s) => s.position.id)).toEqual(['d', 'f', 'c', 'e', 'a', 'b']);
  });
});

const entry = (mutationId: number, intent: Intent, over: Partial<OutboxEntry> = {}): OutboxEntry => ({
  mutationId,
  deviceId: 'D1',
  userId: 'u1',
  idempotencyKey: `k${mutationId}`,
  createdAt: '2026-01-01T00:00:00Z',
  intent,
  status: 'pending',
  attempts: 0,
  sent: false,
  ...over,
});
const create = {
  kind: 'document.create',
  document: { id: 'd1', typeCode: 'DIN', documentNumber: 'WC/D1/7' },
} as Intent;
const confirm = { kind: 'document.confirm', documentId: 'd1' } as Intent;

describe('a confirmation followed until it is synced', () => {
  const notice = {
    tone: 'success' as const,
    key: 'terminal:feedback.documentConfirmed',
    params: { number: 'WC/D1/7' },
    documentId: 'd1',
  };

  it('says "sent when there is a connection" with the provisional number while anything waits', () => {
    const follow = documentFollowOf(
      { id: 'd1', documentNumber: 'WC/D1/7' },
      [entry(1, create), entry(2, confirm)],
      'd1',
    );
    expect(follow).toEqual({ number: 'WC/D1/7', pending: true, refused: false });
    expect(followed(notice, follow)).toMatchObject({
      key: 'terminal:feedback.documentConfirmed',
      params: { number: 'WC/D1/7' },
    });
  });

  it('gives the final number once the server took it all', () => {
    const accepted = [
      entry(1, create, { status: 'accepted', result: { documentNumber: 'DIN/2026/0042' } }),
      entry(2, confirm, { status: 'accepted' }),
    ];
    const follow = documentFollowOf({ id: 'd1', documentNumber: 'DIN/2026/0042' }, accepted, 'd1');
    expect(followed(notice, follow)).toMatchObject({
      key: 'terminal:feedback.documentConfirmedSynced',
      params: { number: 'DIN/2026/0042' },
    });
    // Out of the replica already (a confirmed direct document), the accepted entry still names it.
    expect(documentFollowOf(undefined, accepted, 'd1').number).toBe('DIN/2026/0042');
  });

  it('says the server refused it, in red', () => {
    const refused = [entry(1, create, { status: 'accepted' }), entry(2, confirm, { status: 'rejected' })];
    expect(
      followed(notice, documentFollowOf({ id: 'd1', documentNumber: 'X/1' }, refused, 'd1')),
    ).toMatchObject({
      tone: 'error',
      key: 'terminal:feedback.documentRefused',
    });
  });
});
