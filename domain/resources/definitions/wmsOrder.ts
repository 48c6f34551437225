import { orderTypeCodes } from '../../warehouse/orderTypes';
import { orderStatuses } from '../../warehouse/statuses';
import { verificationStatuses } from '../../warehouse/verification';
import { defineResource } from '../types';
import { priorities } from './wmsDocument';

/**
 * Warehouse orders (docs/warehouse-rules.md, "Order types" and "Order status"): move, verification,
 * production orders and sell offers. Reads are generic; writes, status changes and document generation go
 * through server/warehouse/orders.
 */
export const wmsOrderResource = defineResource({
  name: 'wmsOrder',
  path: 'WmsOrder',
  route: 'orders',
  section: 'logistics',
  menu: { order: 30 },
  titleField: 'orderNumber',
  read: 'logistics',
  write: 'logistics',
  customWrite: true,
  contractorField: 'contractorId',
  defaultSort: { column: 'createdAt', descending: true },
  fields: {
    orderNumber: { kind: 'string', maxLength: 64, unique: 'account', readOnly: true, list: true },
    typeCode: { kind: 'enum', options: orderTypeCodes, required: true, list: true },
    statusCode: { kind: 'enum', options: orderStatuses, readOnly: true, default: 'workingCopy', list: true },
    verificationStatus: { kind: 'enum', options: verificationStatuses, readOnly: true },
    contractorId: { kind: 'ref', ref: 'company', list: true },
    assignedUserId: { kind: 'ref', ref: 'user', onDelete: 'setNull', list: true },
    priority: { kind: 'enum', options: priorities, default: 'normal', list: true },
    sourceType: { kind: 'string', maxLength: 32 },
    sourceLocationId: { kind: 'ref', ref: 'storageSpace' },
    destinationLocationId: { kind: 'ref', ref: 'storageSpace' },
    sourceContainer: { kind: 'string', maxLength: 64 },
    destinationContainer: { kind: 'string', maxLength: 64 },
    verifyProductId: { kind: 'ref', ref: 'product', onDelete: 'setNull' },
    verifyLocationId: { kind: 'ref', ref: 'storageSpace', onDelete: 'setNull' },
    plannedDate: { kind: 'datetime', list: true },
    deliveryDate: { kind: 'datetime' },
    /** Sell offers: the quantities stay reserved until then (domain/sellOffers). */
    validUntil: { kind: 'datetime' },
    /** The order this one was made from (a sell offer for its release order). */
    sourceOrderId: { kind: 'ref', ref: 'wmsOrder', onDelete: 'setNull', readOnly: true },
    comment: { kind: 'text', maxLength: 4000 },
    closedManuallyReason: { kind: 'text', maxLength: 1000 },
    approvedById: { kind: 'ref', ref: 'user', onDelete: 'setNull', readOnly: true },
    approvedAt: { kind: 'datetime', readOnly: true },
    realisationStarted: { kind: 'boolean', readOnly: true },
    positionsCount: { kind: 'integer', readOnly: true },
    positionsDone: { kind: 'integer', readOnly: true, list: true },
  },
});
