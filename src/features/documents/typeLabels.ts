import type { Translate } from '../../i18n/i18n';

/** "DIN — Direct receipt": a document type's code and name (codes are what warehouse people know). */
export const documentTypeLabel = (t: Translate, code: string): string =>
  `${code} — ${t(`warehouse:documentTypes.${code}`, { defaultValue: code })}`;

/** "OOU — Release order": an order type's code and name. */
export const orderTypeLabel = (t: Translate, code: string): string =>
  `${code} — ${t(`warehouse:orderTypes.${code}`, { defaultValue: code })}`;

/** Select options of type codes, labelled with `label`. */
export const typeOptionsOf = (
  t: Translate,
  codes: readonly string[],
  label: (t: Translate, code: string) => string,
): { value: string; label: string }[] => codes.map((code) => ({ value: code, label: label(t, code) }));

/** Menu items of type codes, labelled with `label`. */
export const typeItemsOf = (
  t: Translate,
  codes: readonly string[],
  label: (t: Translate, code: string) => string,
): { code: string; label: string }[] => codes.map((code) => ({ code, label: label(t, code) }));
