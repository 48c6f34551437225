import { requiredAttributeRule } from './requiredAttributeRule';

export const checkExpiryDateRequired = requiredAttributeRule(
  'requiredExpDate',
  'expDate',
  'expiryDateRequired',
);
