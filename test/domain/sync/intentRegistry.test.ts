import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { languages } from '../../../domain/languages';
import { canonicalPath } from '../../../domain/sync/intentPath';
import {
  callOf,
  definitionOf,
  type Intent,
  type IntentKind,
  intentKinds,
  intentRegistry,
  matchIntentCall,
  subjectOf,
  targetOf,
} from '../../../domain/sync/intents';
import { isSyncEntity } from '../../../domain/sync/wire';

/**
 * The intent registry (domain/sync/intents.ts) is the one list every part goes by: a kind missing a piece —
 * its route, a call its route matches, a target, a subject, its label in every language, its replay or check —
 * fails here. A kind without an example below does not compile.
 */

const doc = '0190b2a4-1c1e-7a00-8000-000000000001';
const line = '0190b2a4-1c1e-7a00-8000-000000000002';
const order = '0190b2a4-1c1e-7a00-8000-000000000003';
const position = '0190b2a4-1c1e-7a00-8000-000000000004';
const product = '0190b2a4-1c1e-7a00-8000-000000000005';
const linePayload = { id: line, documentId: doc, productId: product, quantity: 2 };

const examples: { readonly [K in IntentKind]: Extract<Intent, { kind: K }> } = {
  'document.create': {
    kind: 'document.create',
    document: { id: doc, typeCode: 'DIN', documentNumber: 'WC-1' },
  },
  'document.confirm': { kind: 'document.confirm', documentId: doc },
  'document.delete': { kind: 'document.delete', documentId: doc },
  'line.add': { kind: 'line.add', line: linePayload },
  'line.update': { kind: 'line.update', line: linePayload },
  'line.remove': { kind: 'line.remove', lineId: line, documentId: doc },
  'orderPosition.quantityReal': {
    kind: 'orderPosition.quantityReal',
    orderPositionId: position,
    orderId: order,
    quantityReal: 3,
  },
  'order.generateDocuments': { kind: 'order.generateDocuments', orderId: order, confirm: true },
  'verification.finish': { kind: 'verification.finish', orderId: order, generateDocuments: false },
};

const syncTexts = (lng: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../../../locales/${lng}/sync.json`, import.meta.url), 'utf8'));

describe('intent registry', () => {
  it('lists every kind once, each under its own kind', () => {
    expect(intentKinds).toEqual(Object.keys(examples));
    for (const kind of intentKinds) expect(intentRegistry[kind].kind).toBe(kind);
  });

  it.each(intentKinds)('%s: its call matches its own route, and no other kind’s', (kind) => {
    const intent = examples[kind];
    const definition = definitionOf(intent);
    const call = callOf(intent);
    expect(call.method).toBe(definition.route.method);
    const matched = matchIntentCall(call.method, call.path);
    expect(matched?.kind).toBe(kind);
    // The route's named segments are the ids the call carries.
    for (const value of Object.values(matched?.params ?? {})) expect(call.path).toContain(value);
    for (const other of intentKinds) {
      if (other === kind) continue;
      const theirs = callOf(examples[other]);
      expect(matchIntentCall(theirs.method, theirs.path)?.kind).toBe(other);
    }
  });

  it.each(intentKinds)(
    '%s: has a target, a subject, a label in every language, a replay and a check',
    (kind) => {
      const intent = examples[kind];
      const definition = definitionOf(intent);
      expect(isSyncEntity(targetOf(intent).entity)).toBe(true);
      expect(targetOf(intent).id).not.toBe('');
      const subject = subjectOf(intent);
      expect(subject.documentId ?? subject.orderId).toBeDefined();
      for (const lng of languages) {
        const texts = syncTexts(lng).intents as Record<string, unknown> | undefined;
        expect(typeof texts?.[definition.labelKey], `${lng}: sync:intents.${definition.labelKey}`).toBe(
          'string',
        );
      }
      expect(typeof definition.replay).toBe('function');
      expect(typeof definition.check).toBe('function');
      expect(typeof definition.groups).toBe('boolean');
    },
  );
});

describe('canonical paths', () => {
  it.each([
    ['/api/WmsDocument', '/api/WmsDocument'],
    ['/api/WmsDocument/', '/api/WmsDocument'],
    ['/api/%57msDocument', '/api/WmsDocument'],
    ['/api/x/../WmsDocument', '/api/WmsDocument'],
    ['/api/./WmsDocument', '/api/WmsDocument'],
    ['/api/%2e%2e/api/WmsDocument', '/api/WmsDocument'],
  ])('%s is %s', (path, canonical) => expect(canonicalPath(path)).toBe(canonical));

  it.each([
    'api/WmsDocument',
    '/api//WmsDocument',
    '/api/WmsDocument%2Fconfirm',
    '/api/%E0%A4%A',
    '/api/WmsDocument%00',
    '/api/WmsDocument%3Fx=1',
    '/../../etc',
  ])('%s is no path', (path) => expect(canonicalPath(path)).toBeUndefined());

  it('matches whatever the letter case and encoding; sync routes and other calls are no intent', () => {
    expect(matchIntentCall('POST', '/API/wmsdocumentposition/')?.kind).toBe('line.add');
    expect(matchIntentCall('POST', `/api/WmsDocument/${doc}/%63onfirm`)?.kind).toBe('document.confirm');
    expect(matchIntentCall('POST', `/api/WmsDocument/${doc}/%63onfirm`)?.path).toBe(
      `/api/wmsdocument/${doc}/confirm`,
    );
    expect(matchIntentCall('GET', `/api/WmsDocument/${doc}/confirm`)).toBeUndefined();
    expect(matchIntentCall('POST', '/api/sync/push')).toBeUndefined();
    expect(matchIntentCall('POST', '/api/%73ync/push')).toBeUndefined();
    expect(matchIntentCall('POST', '/api/Product')).toBeUndefined();
  });
});

describe('prefetch hints', () => {
  it('name the ids and bins a call body names, also of its positions, and skip what is no id', () => {
    const [productId, source, destination, other] = [product, doc, line, order];
    const lineHints = intentRegistry['line.add'].prefetch?.({
      params: {},
      query: {},
      body: { productId, sourceLocationId: source, sourceContainer: 'BIN-1' },
    });
    const documentHints = intentRegistry['document.create'].prefetch?.({
      params: {},
      query: {},
      body: {
        destinationLocationId: destination,
        positions: [{ productId: other, destinationContainer: 'BIN-2' }, { productId: 'not-an-id' }],
      },
    });
    expect(lineHints).toEqual({ productIds: [productId], locationIds: [source], containers: ['BIN-1'] });
    expect(documentHints).toEqual({ productIds: [other], locationIds: [destination], containers: ['BIN-2'] });
    expect(intentRegistry['line.remove'].prefetch).toBeUndefined();
  });
});
