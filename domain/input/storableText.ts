/**
 * Text the database cannot store: PostgreSQL refuses the NUL character in text and JSON, and a lone UTF-16
 * surrogate has no UTF-8 form (the driver would silently turn it into U+FFFD). Checked at the server's input
 * boundary and by the shared field rules, so the terminal refuses such text offline as well.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point
const unstorable = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isStorableText = (value: string): boolean => !unstorable.test(value);
