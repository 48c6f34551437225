import { defineResource } from '../types';

/**
 * The face database: one row per enrolled person (a user of the company, or a contact) with their face
 * descriptors — 128 numbers each, computed on the device; never the photos. Personal data: only users with the
 * face-database claim see or manage it; deleting the user or the contact deletes their row. Written by its own
 * routes (enrol, delete, analyse: server/faces/), see docs/faces.md.
 */
export const computerVisionResource = defineResource({
  name: 'computerVision',
  path: 'ComputerVision',
  route: 'faces',
  section: 'administration',
  menu: false,
  titleField: 'name',
  read: 'faces',
  write: 'faces',
  customWrite: true,
  defaultSort: { column: 'name' },
  fields: {
    name: { kind: 'string', required: true, maxLength: 200, list: true },
    userId: { kind: 'ref', ref: 'user', onDelete: 'cascade', list: true },
    personId: { kind: 'ref', ref: 'person', onDelete: 'cascade', list: true },
    /** number[][]: each entry one descriptor (domain/faces/faceMatch.ts). */
    descriptors: { kind: 'json', hiddenInForm: true },
    descriptorCount: { kind: 'integer', readOnly: true, list: true },
    source: { kind: 'enum', options: ['camera', 'photo'], default: 'camera', list: true },
    enrolledById: { kind: 'ref', ref: 'user', onDelete: 'setNull', readOnly: true, list: true },
    enrolledAt: { kind: 'datetime', readOnly: true, list: true },
  },
});
