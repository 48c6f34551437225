import { productLockRule } from './productLockRule';

export const checkProductLockedForRelocation = productLockRule(
  'relocation',
  'lockRelocate',
  'productLockedForRelocation',
);
