/** Interface languages (README, "Translations"); en-us is the fallback. */
export const languages = ['en-us', 'pl-pl', 'de-de', 'fr-fr', 'es-es', 'ru-ru'] as const;
export type Language = (typeof languages)[number];
export const fallbackLanguage: Language = 'en-us';

export const isLanguage = (v: unknown): v is Language =>
  typeof v === 'string' && (languages as readonly string[]).includes(v);

/** Maps a browser or Accept-Language tag ('pl', 'de-AT', 'en-GB') to a supported language. */
export const matchLanguage = (tag: string | undefined | null): Language => {
  if (!tag) return fallbackLanguage;
  for (const part of tag.toLowerCase().split(',')) {
    const code = part.split(';')[0]?.trim() ?? '';
    if (isLanguage(code)) return code;
    const prefix = code.split('-')[0];
    const found = languages.find((l) => l.startsWith(`${prefix}-`));
    if (found) return found;
  }
  return fallbackLanguage;
};
