// The namespaces of one language the terminal's screens and the shell around them use (firstNamespaces in
// src/i18n/i18n.ts), in one chunk loaded when the language is used; the others are in fr-fr.more.ts.
export const bundle = import.meta.glob<Record<string, unknown>>(
  ['../../../locales/fr-fr/{common,errors,terminal,sync,scanner,warehouse}.json'],
  {
    eager: true,
    import: 'default',
  },
);
