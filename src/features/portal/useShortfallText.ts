import { useTranslation } from 'react-i18next';
import { ruleIssueSchema } from '../../../domain/errors';
import { quantityText } from '../terminal/terminalTexts';

/**
 * The lines a refusal says are short (stockShortfall with quantityExceedsOrderable issues), as one translated
 * sentence per line; undefined for any other error.
 */
export const useShortfallText = (): ((error: unknown) => string | undefined) => {
  const { t, i18n } = useTranslation(['portal', 'warehouse']);
  return (error) => {
    const body = (error as { body?: { issues?: unknown } } | null)?.body;
    const issues = Array.isArray(body?.issues) ? body.issues : [];
    const lines = issues.flatMap((raw) => {
      const parsed = ruleIssueSchema.safeParse(raw);
      if (!parsed.success || parsed.data.code !== 'quantityExceedsOrderable') return [];
      const p = parsed.data.params ?? {};
      const n = (v: unknown) => quantityText(Number(v ?? 0), i18n.language);
      return [
        t('warehouse:issues.quantityExceedsOrderable', {
          product: String(p.product ?? ''),
          quantity: n(p.quantity),
          available: n(p.available),
          missing: n(p.missing),
        }),
      ];
    });
    return lines.length ? lines.join('\n') : undefined;
  };
};
