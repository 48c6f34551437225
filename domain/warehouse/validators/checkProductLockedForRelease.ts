import { productLockRule } from './productLockRule';

export const checkProductLockedForRelease = productLockRule('release', 'lockOut', 'productLockedForRelease');
