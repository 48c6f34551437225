// Every other app namespace of one language (mail.json is the server's), in a chunk of its own: a picker's
// terminal shows its scan field without them.
export const bundle = import.meta.glob<Record<string, unknown>>(
  [
    '../../../locales/es-es/*.json',
    '!**/mail.json',
    '!**/{common,errors,terminal,sync,scanner,warehouse}.json',
  ],
  {
    eager: true,
    import: 'default',
  },
);
