import { productLockRule } from './productLockRule';

export const checkProductLockedForReceipt = productLockRule('receipt', 'lockIn', 'productLockedForReceipt');
