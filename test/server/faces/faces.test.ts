import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faceDescriptorLength, faceMatchThreshold } from '../../../domain/faces/faceMatch';
import type { Row } from '../../../server/resources/rows';
import {
  aContractorUser,
  anAccount,
  aPowerUser,
  aRecord,
  aSuperUser,
  aUser,
  definitionOf,
  setLogisticsConfig,
  type TestUser,
} from '../../support/builders';
import { dataOf, deleteOf, keysOf, pullAll, upsertOf } from '../../support/syncBuilders';
import { createTestApp, type TestApp } from '../../support/testApp';

/**
 * The face database's API: enrol, analyse (who is it, or nobody) within the caller's company only, rights,
 * deletion (directly and with the user or contact), and its replication to the company's terminals.
 * Descriptors are made up here: a point along one axis, so distances are known exactly.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A descriptor `offset` away (on axis `axis`) from the base point `base` everywhere. */
const face = (base: number, offset = 0, axis = 0): number[] => {
  const d = new Array<number>(faceDescriptorLength).fill(base);
  d[axis] = base + offset;
  return d;
};

const call = (who: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as Row }),
  });

const faceRecognitionOn = (acc: string, on = true) =>
  setLogisticsConfig(t.ctx, acc, { terminal: { staleAfterMinutes: 30, faceRecognition: on } });

/** A company with face recognition on, its admin (super user: the face database), and an operator to enrol. */
const company = async () => {
  const acc = await anAccount(t.ctx);
  await faceRecognitionOn(acc);
  const admin = await aSuperUser(t.ctx, acc);
  const operator = await aUser(t.ctx, acc, { terminalEnabled: true, visibleName: 'Ann Operator' });
  return { acc, admin, operator };
};

const enrol = async (who: TestUser, body: Row, status = 201): Promise<Row> => {
  const res = await call(who, 'POST', '/api/ComputerVision', body);
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};

const analyse = (who: TestUser, descriptor: unknown) =>
  call(who, 'POST', '/api/ComputerVision/analyse', { descriptor });

describe('ComputerVision: enrol and analyse', () => {
  it('enrols a user with several frames, names who enrolled and when, and recognises them', async () => {
    const { admin, operator } = await company();
    const row = await enrol(admin, { userId: operator.row.id, descriptors: [face(0), face(0, 0.1, 1)] });
    expect(row).toMatchObject({
      name: 'Ann Operator',
      userId: operator.row.id,
      personId: null,
      descriptorCount: 2,
      source: 'camera',
      enrolledById: admin.row.id,
    });
    expect(typeof row.enrolledAt).toBe('string');

    const res = await analyse(operator, face(0, 0.2));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      threshold: faceMatchThreshold,
      match: {
        computerVisionId: row.id,
        userId: operator.row.id,
        personId: null,
        name: 'Ann Operator',
        distance: expect.closeTo(0.2, 6),
      },
    });
  });

  it('answers nobody when no enrolled face is nearer than the threshold', async () => {
    const { admin, operator } = await company();
    await enrol(admin, { userId: operator.row.id, descriptors: [face(0)] });
    const res = await analyse(operator, face(0, faceMatchThreshold + 0.01));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ threshold: faceMatchThreshold, match: null });
  });

  it('names the nearest of two people; enrolling again adds descriptors to the same row', async () => {
    const { acc, admin, operator } = await company();
    const other = await aUser(t.ctx, acc, { terminalEnabled: true, visibleName: 'Bob' });
    const first = await enrol(admin, { userId: operator.row.id, descriptors: [face(0)] });
    await enrol(admin, { userId: other.row.id, descriptors: [face(0, 0.3)] });
    expect((await analyse(operator, face(0, 0.2))).json().match.userId).toBe(other.row.id);
    const again = await enrol(
      admin,
      { userId: operator.row.id, descriptors: [face(0, 0.25)], source: 'photo' },
      200,
    );
    expect(again).toMatchObject({ id: first.id, descriptorCount: 2, source: 'photo' });
    expect((await analyse(operator, face(0, 0.2))).json().match.userId).toBe(operator.row.id);
  });

  it('enrols a contact by name', async () => {
    const { acc, admin, operator } = await company();
    const person = await aRecord(t.ctx, definitionOf(t.ctx, 'person'), acc, {
      firstName: 'Eve',
      lastName: 'Driver',
    });
    const row = await enrol(admin, { personId: person.id, descriptors: [face(1)] });
    expect(row).toMatchObject({ name: 'Eve Driver', personId: person.id, userId: null });
    expect((await analyse(operator, face(1))).json().match).toMatchObject({
      personId: person.id,
      name: 'Eve Driver',
    });
  });

  it('another company’s faces never match, even the very same descriptor', async () => {
    const a = await company();
    const b = await company();
    await enrol(b.admin, { userId: b.operator.row.id, descriptors: [face(2)] });
    expect((await analyse(a.operator, face(2))).json().match).toBeNull();
    // Nor can a company enrol another company's user.
    const res = await call(a.admin, 'POST', '/api/ComputerVision', {
      userId: b.operator.row.id,
      descriptors: [face(2)],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'formHasErrors',
      fields: [{ field: 'userId', rule: 'invalidValue' }],
    });
    // B's row is invisible to A by id, in the list, and cannot be deleted by A.
    const bRows = (await call(b.admin, 'GET', '/api/ComputerVision')).json().results as Row[];
    const bId = String(bRows[0]?.id);
    expect((await call(a.admin, 'GET', `/api/ComputerVision/${bId}`)).statusCode).toBe(404);
    expect((await call(a.admin, 'GET', '/api/ComputerVision')).json().results).toEqual([]);
    expect((await call(a.admin, 'DELETE', `/api/ComputerVision/${bId}`)).statusCode).toBe(404);
    expect((await analyse(b.operator, face(2))).json().match.userId).toBe(b.operator.row.id);
  });

  it('refuses bad bodies with the form error, never a 500', async () => {
    const { admin, operator } = await company();
    for (const descriptor of [undefined, [], face(0).slice(1), [...face(0).slice(1), 'x'], 'face'])
      expect((await analyse(operator, descriptor)).json()).toMatchObject({ code: 'formHasErrors' });
    for (const body of [
      { descriptors: [face(0)] },
      { userId: operator.row.id, descriptors: [] },
      { userId: operator.row.id, descriptors: [face(0).slice(2)] },
      { userId: operator.row.id, personId: operator.row.id, descriptors: [face(0)] },
      { userId: 'not-a-uuid', descriptors: [face(0)] },
    ]) {
      const res = await call(admin, 'POST', '/api/ComputerVision', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('formHasErrors');
    }
  });

  it('says the company lacks computer vision while face recognition is off', async () => {
    const { acc, admin, operator } = await company();
    await enrol(admin, { userId: operator.row.id, descriptors: [face(0)] });
    await faceRecognitionOn(acc, false);
    const res = await analyse(operator, face(0));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('computerVisionUnavailable');
  });
});

describe('ComputerVision: rights', () => {
  it('only the face-database claim (or a super user) reads and manages the database', async () => {
    const { acc, admin, operator } = await company();
    const row = await enrol(admin, { userId: operator.row.id, descriptors: [face(0)] });
    const power = await aPowerUser(t.ctx, acc);
    const keeper = await aUser(t.ctx, acc, { faceDatabaseEnabled: true });
    for (const who of [operator, power]) {
      expect((await call(who, 'GET', '/api/ComputerVision')).statusCode).toBe(403);
      expect((await call(who, 'GET', `/api/ComputerVision/${row.id}`)).statusCode).toBe(403);
      const res = await call(who, 'POST', '/api/ComputerVision', {
        userId: operator.row.id,
        descriptors: [face(0)],
      });
      expect(res.statusCode).toBe(403);
      expect((await call(who, 'DELETE', `/api/ComputerVision/${row.id}`)).statusCode).toBe(403);
    }
    const listed = await call(keeper, 'GET', '/api/ComputerVision');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().results.map((r: Row) => r.id)).toEqual([row.id]);
    await enrol(keeper, { userId: operator.row.id, descriptors: [face(0, 0.1)] }, 200);
  });

  it('a terminal operator may ask who a face is; a contractor and a user without terminal access may not', async () => {
    const { acc, admin, operator } = await company();
    await enrol(admin, { userId: operator.row.id, descriptors: [face(0)] });
    expect((await analyse(operator, face(0))).statusCode).toBe(200);
    const contractor = await aContractorUser(t.ctx, acc);
    const basic = await aUser(t.ctx, acc);
    for (const who of [contractor, basic]) {
      const res = await analyse(who, face(0));
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/ComputerVision/analyse',
          payload: { descriptor: face(0) },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('ComputerVision: deletion', () => {
  it('deletes a row; its person is nobody afterwards', async () => {
    const { admin, operator } = await company();
    const row = await enrol(admin, { userId: operator.row.id, descriptors: [face(0)] });
    expect((await call(admin, 'DELETE', `/api/ComputerVision/${row.id}`)).statusCode).toBe(204);
    expect((await call(admin, 'GET', `/api/ComputerVision/${row.id}`)).statusCode).toBe(404);
    expect((await analyse(operator, face(0))).json().match).toBeNull();
  });

  it('deleting the user or the contact deletes their faces', async () => {
    const { acc, admin } = await company();
    const leaver = await aUser(t.ctx, acc, { terminalEnabled: true });
    const person = await aRecord(t.ctx, definitionOf(t.ctx, 'person'), acc);
    const byUser = await enrol(admin, { userId: leaver.row.id, descriptors: [face(3)] });
    const byPerson = await enrol(admin, { personId: person.id, descriptors: [face(4)] });
    expect((await call(admin, 'DELETE', `/api/User/${leaver.row.id}`)).statusCode).toBe(204);
    expect((await call(admin, 'DELETE', `/api/Person/${person.id}`)).statusCode).toBe(204);
    expect((await call(admin, 'GET', `/api/ComputerVision/${byUser.id}`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `/api/ComputerVision/${byPerson.id}`)).statusCode).toBe(404);
    expect((await analyse(admin, face(4))).json().match).toBeNull();
  });
});

describe('ComputerVision: replicated to the company’s terminals while face recognition is on', () => {
  it('reaches a terminal operator’s feed with the descriptors only; switching off turns it into a tombstone', async () => {
    const { acc, admin, operator } = await company();
    const start = (await pullAll(t, operator)).cursor;
    const row = await enrol(admin, { userId: operator.row.id, descriptors: [face(0)] });
    const pulled = await pullAll(t, operator, start);
    expect(keysOf(pulled.changes)).toEqual([upsertOf('computerVision', row.id)]);
    expect(dataOf(pulled.changes, 'computerVision', row.id)).toEqual({
      id: row.id,
      name: 'Ann Operator',
      userId: operator.row.id,
      personId: null,
      descriptors: [face(0)],
      version: 1,
    });

    await faceRecognitionOn(acc, false);
    const off = await pullAll(t, operator, pulled.cursor);
    expect(keysOf(off.changes)).toContain(deleteOf('computerVision', row.id));
    await faceRecognitionOn(acc, true);
    const on = await pullAll(t, operator, off.cursor);
    expect(keysOf(on.changes)).toContain(upsertOf('computerVision', row.id));
  });

  it('another company’s faces and contractors never get them', async () => {
    const a = await company();
    const b = await company();
    await enrol(b.admin, { userId: b.operator.row.id, descriptors: [face(0)] });
    const contractor = await aContractorUser(t.ctx, b.acc);
    for (const who of [a.operator, contractor]) {
      const all = await pullAll(t, who);
      expect(all.changes.filter((c) => c.entity === 'computerVision')).toEqual([]);
    }
  });
});
