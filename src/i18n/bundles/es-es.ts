// Every app namespace of one language, in one chunk loaded when the language is used (mail.json is the server's).
export const bundle = import.meta.glob<Record<string, unknown>>(
  ['../../../locales/es-es/*.json', '!**/mail.json'],
  {
    eager: true,
    import: 'default',
  },
);
