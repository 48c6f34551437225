import { requiredAttributeRule } from './requiredAttributeRule';

export const checkProductionDateRequired = requiredAttributeRule(
  'requiredProdDate',
  'prodDate',
  'productionDateRequired',
);
