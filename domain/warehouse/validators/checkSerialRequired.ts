import { requiredAttributeRule } from './requiredAttributeRule';

export const checkSerialRequired = requiredAttributeRule('requiredSerial', 'serialNumber', 'serialRequired');
