import { documentTypeCodes } from '../../warehouse/documentTypes';
import { documentStatuses } from '../../warehouse/statuses';
import { defineResource } from '../types';

export const priorities = ['low', 'normal', 'high'] as const;

/**
 * Warehouse documents (docs/warehouse-rules.md). Reads are generic; writes (with positions, numbering,
 * validators, confirm and revert) go through server/warehouse/documents.
 */
export const wmsDocumentResource = defineResource({
  name: 'wmsDocument',
  path: 'WmsDocument',
  route: 'documents',
  section: 'logistics',
  menu: { order: 10 },
  titleField: 'documentNumber',
  read: 'logistics',
  write: 'logistics',
  customWrite: true,
  contractorField: 'contractorId',
  defaultSort: { column: 'createdAt', descending: true },
  fields: {
    documentNumber: { kind: 'string', maxLength: 64, unique: 'account', list: true },
    /**
     * The working-copy number a terminal gave the document offline, kept after the server assigned the final
     * one (labels written offline can still be found). Unique: a second document proposing it is a 406.
     */
    offlineNumber: { kind: 'string', maxLength: 64, unique: 'account', readOnly: true },
    typeCode: { kind: 'enum', options: documentTypeCodes, required: true, list: true },
    statusCode: {
      kind: 'enum',
      options: documentStatuses,
      readOnly: true,
      default: 'workingCopy',
      list: true,
    },
    contractorId: { kind: 'ref', ref: 'company', list: true },
    sourceLocationId: { kind: 'ref', ref: 'storageSpace', list: true },
    destinationLocationId: { kind: 'ref', ref: 'storageSpace', list: true },
    sourceContainer: { kind: 'string', maxLength: 64 },
    destinationContainer: { kind: 'string', maxLength: 64 },
    orderId: { kind: 'ref', ref: 'wmsOrder', onDelete: 'setNull', list: true },
    plannedDate: { kind: 'datetime' },
    executionDate: { kind: 'datetime', readOnly: true, list: true },
    reportedDate: { kind: 'datetime' },
    comment: { kind: 'text', maxLength: 4000 },
    systemComments: { kind: 'text', readOnly: true },
    precedingDocumentId: { kind: 'ref', ref: 'wmsDocument', onDelete: 'setNull' },
    precedingDocumentNumber: { kind: 'string', readOnly: true },
    transportDocumentNumber: { kind: 'string', maxLength: 64 },
    responsibleUserId: { kind: 'ref', ref: 'user', onDelete: 'setNull' },
    closedManuallyReason: { kind: 'text', maxLength: 1000 },
    priority: { kind: 'enum', options: priorities, default: 'normal' },
    generated: { kind: 'boolean', readOnly: true },
    confirmedPositions: { kind: 'integer', readOnly: true },
    unconfirmedPositions: { kind: 'integer', readOnly: true },
    confirmedQuantity: { kind: 'decimal', readOnly: true },
    unconfirmedQuantity: { kind: 'decimal', readOnly: true, list: true },
  },
});
