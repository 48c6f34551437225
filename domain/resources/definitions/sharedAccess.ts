import { linkEnds, sharedContentTypes, sharedDurations } from '../../sharedAccess/sharedLinks';
import { defineResource } from '../types';

/**
 * Shared access links (a resource without edit): a contractor company or a contact person gets a
 * time-limited, possibly single-use link to the detailed inventory or the global stock of one contractor's goods,
 * or a token for the same two API calls. Only hashes of the key and the token are stored: the link is shown
 * once, when it is made. Created, withdrawn and opened through server/sharedAccess; read generically.
 */
export const sharedAccessResource = defineResource({
  name: 'sharedAccess',
  path: 'SharedAccess',
  route: 'shared-access',
  section: 'administration',
  titleField: 'recipientName',
  read: 'power',
  write: 'power',
  noEdit: true,
  customWrite: true,
  defaultSort: { column: 'createdAt', descending: true },
  fields: {
    contentType: { kind: 'enum', options: sharedContentTypes, required: true, list: true },
    recipientContractorId: { kind: 'ref', ref: 'company', onDelete: 'cascade' },
    recipientPersonId: { kind: 'ref', ref: 'person', onDelete: 'cascade' },
    /** Whose goods the link shows (the recipient contractor, or the one chosen for a person). */
    contractorId: { kind: 'ref', ref: 'company', onDelete: 'cascade', required: true, list: true },
    recipientName: { kind: 'string', maxLength: 300, readOnly: true, list: true },
    durationMinutes: {
      kind: 'enum',
      options: sharedDurations.map((d) => (d === null ? 'unlimited' : String(d))),
      required: true,
      list: true,
    },
    singleUse: { kind: 'boolean', default: false, list: true },
    /** The first and last characters of the token or key, to recognise it; the secret itself is never stored. */
    token: { kind: 'string', readOnly: true },
    shortUrlKey: { kind: 'string', readOnly: true },
    tokenHash: { kind: 'string', internal: true, unique: 'global' },
    keyHash: { kind: 'string', internal: true, unique: 'global' },
    isAvailable: { kind: 'boolean', default: true, readOnly: true, list: true },
    endReason: { kind: 'enum', options: linkEnds, readOnly: true, list: true },
    expiresAt: { kind: 'datetime', readOnly: true, list: true },
    createdById: { kind: 'ref', ref: 'user', onDelete: 'setNull', readOnly: true },
    createdByName: { kind: 'string', maxLength: 300, readOnly: true, list: true },
    usedAt: { kind: 'datetime', readOnly: true },
    activationCount: { kind: 'integer', default: 0, readOnly: true },
    lastActivationAt: { kind: 'datetime', readOnly: true, list: true },
    lastActivationIp: { kind: 'string', maxLength: 100, readOnly: true },
    withdrawedAt: { kind: 'datetime', readOnly: true },
    withdrawedById: { kind: 'ref', ref: 'user', onDelete: 'setNull', readOnly: true },
    withdrawedByName: { kind: 'string', maxLength: 300, readOnly: true },
  },
});
