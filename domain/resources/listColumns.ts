import type { FieldDef } from './types';

/**
 * Wide lists on a desktop (docs/decisions.md, "Wide lists"): the first column names the row and stays in
 * place while the table scrolls sideways; the key columns (quantities, statuses, locks) come right after it,
 * so they are in view without scrolling; each user hides the columns they do not need, per list, saved on
 * their account.
 */

/** A list column: its field name and description. */
export type ListColumn = readonly [string, FieldDef];

/** Per list (its id): the columns the user has hidden. Stored on the user (`listColumns`). */
export type ListColumnPrefs = Readonly<Record<string, readonly string[]>>;

const keyNames = /quantity|status|lock/i;

/** A column a wide list keeps in view: marked so, or by default a quantity, a status or a lock. */
export const isKeyColumn = (name: string, field: FieldDef): boolean => {
  if (field.listPriority) return field.listPriority === 'key';
  return keyNames.test(name) && ['decimal', 'integer', 'enum', 'boolean'].includes(field.kind);
};

/**
 * The columns in the order a list shows them: the first (it names the row, it cannot be hidden), then the
 * key columns, then the others, each group in the definition's order; the user's hidden columns left out.
 */
export const arrangeListColumns = <C extends ListColumn>(
  columns: readonly C[],
  hidden: readonly string[] = [],
): C[] => {
  const [first, ...rest] = columns;
  if (!first) return [];
  const shown = rest.filter(([name]) => !hidden.includes(name));
  return [
    first,
    ...shown.filter(([name, field]) => isKeyColumn(name, field)),
    ...shown.filter(([name, field]) => !isKeyColumn(name, field)),
  ];
};

/** Limits of what a user may store: list ids and column names are identifiers, not free text. */
export const listColumnLimits = { lists: 200, columns: 100, nameLength: 64 } as const;

const identifier = /^[A-Za-z][A-Za-z0-9_-]*$/;
const isIdentifier = (value: string): boolean =>
  value.length <= listColumnLimits.nameLength && identifier.test(value);

/** The `paramName` of PATCH config/changeuserconfig that saves a list's hidden columns: `listColumns:<list>`. */
export const listColumnsParamPrefix = 'listColumns:';

/**
 * Reads `paramName=listColumns:<list>&paramValue=<hidden columns, comma-separated>`; null when either is not
 * a valid identifier list (the caller answers 400).
 */
export const parseListColumnsParam = (
  paramName: string,
  paramValue: string,
): { readonly list: string; readonly hidden: string[] } | null => {
  if (!paramName.startsWith(listColumnsParamPrefix)) return null;
  const list = paramName.slice(listColumnsParamPrefix.length);
  if (!isIdentifier(list)) return null;
  const hidden = paramValue === '' ? [] : [...new Set(paramValue.split(','))];
  if (hidden.length > listColumnLimits.columns || !hidden.every(isIdentifier)) return null;
  return { list, hidden };
};

/**
 * The user's preferences with one list's hidden columns replaced (none hidden: the list is forgotten). The
 * list saved last goes to the end; beyond the limit the lists saved longest ago are forgotten.
 */
export const withListColumns = (
  prefs: unknown,
  list: string,
  hidden: readonly string[],
): Record<string, string[]> => {
  const kept = Object.entries(readListColumnPrefs(prefs)).filter(([name]) => name !== list);
  if (hidden.length > 0) kept.push([list, [...hidden]]);
  return Object.fromEntries(kept.slice(-listColumnLimits.lists));
};

/** Stored preferences as read back (anything unreadable is ignored, never an error). */
export const readListColumnPrefs = (stored: unknown): Record<string, string[]> => {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  const prefs: Record<string, string[]> = {};
  for (const [list, hidden] of Object.entries(stored)) {
    if (!isIdentifier(list) || !Array.isArray(hidden)) continue;
    prefs[list] = hidden.filter((name): name is string => typeof name === 'string' && isIdentifier(name));
  }
  return prefs;
};
