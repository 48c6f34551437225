import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Named statements one connection keeps at most; later new statements run unnamed (parsed each time). */
export const maxNamedPerConnection = 200;

const dataStatement = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * Written last in a statement's text, it asks for a named prepared statement outside write transactions too (a
 * hot read planned alike for every value: server/sync/namedStatement.ts). PGlite reads it as a comment.
 */
export const alwaysNamed = ' /* named */';
const begin = /^\s*begin\b/i;
const end = /^\s*(commit|rollback|end)\b/i;

type QueryArgs = unknown[];

const textOf = (config: unknown): string | undefined => {
  if (typeof config === 'string') return config;
  if (typeof config === 'object' && config !== null && 'text' in config) {
    const text = (config as { text?: unknown }).text;
    return typeof text === 'string' ? text : undefined;
  }
  return undefined;
};

/** The statement's name: a hash of its text, remembered for the texts seen lately (hashing costs more). */
const nameOf = (text: string): string => {
  const known = recentNames.get(text);
  if (known) return known;
  const name = `aisle_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  if (recentNames.size >= 1000) recentNames.clear();
  recentNames.set(text, name);
  return name;
};

const recentNames = new Map<string, string>();

/**
 * Statements of read-write transactions run as named prepared statements on their connection (the name is a
 * hash of the text): PostgreSQL then parses each once per connection and may keep its plan, which halves its
 * work on the short key lookups and writes a pushed mutation is made of (a document line: ~2.3 → ~1.5 ms of
 * PostgreSQL CPU). Everything else — reads outside transactions (inventory lists with very different filters),
 * read-only transactions (the change feed) — stays unnamed and planned for its own parameters each time.
 */
export const namePreparedStatements = (client: pg.PoolClient): void => {
  const original = client.query.bind(client) as (...args: QueryArgs) => unknown;
  let inWriteTransaction = false;
  const names = new Set<string>();
  const query = (...args: QueryArgs): unknown => {
    const [config] = args;
    const text = textOf(config);
    if (text !== undefined) {
      if (begin.test(text)) inWriteTransaction = !/\bread\s+only\b/i.test(text);
      else if (end.test(text)) inWriteTransaction = false;
      else if (
        (text.endsWith(alwaysNamed) || (inWriteTransaction && dataStatement.test(text))) &&
        typeof config === 'object' &&
        config !== null &&
        !(config as { name?: unknown }).name
      ) {
        const name = nameOf(text);
        if (names.has(name) || names.size < maxNamedPerConnection) {
          names.add(name);
          args[0] = { ...config, name };
        }
      }
    }
    return original(...args);
  };
  Object.assign(client, { query });
};
