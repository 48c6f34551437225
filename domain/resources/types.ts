/**
 * Resource metadata: one definition per resource drives the server table, the API,
 * validation, permissions and the generic screens (list, preview, form, export).
 */
export type FieldKind =
  | 'string'
  | 'text'
  | 'email'
  | 'phone'
  | 'url'
  | 'password'
  | 'integer'
  | 'decimal'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'enum'
  | 'enumList'
  | 'tags'
  | 'ref'
  | 'json'
  | 'color';

export interface FieldDef {
  readonly kind: FieldKind;
  readonly required?: boolean;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly min?: number;
  readonly max?: number;
  /** Unique within the client account ('account') or across the whole service ('global'). */
  readonly unique?: 'account' | 'global';
  /** Rule code reported when the unique value is taken (e.g. usernameExist); default uniqueConflict. */
  readonly uniqueRule?: 'usernameExist' | 'emailExist';
  /** Stored in lower case (user names, e-mail addresses). */
  readonly lowerCase?: boolean;
  /** Stored in upper case. */
  readonly upperCase?: boolean;
  /** Characters the value must not contain (e.g. '_' in a product index). */
  readonly forbiddenChars?: string;
  /** Allowed values of an enum / enumList field. */
  readonly options?: readonly string[];
  /** A 'tags' field whose values come from the tag dictionary (the tag resource): picked with colours, filtered by tag. */
  readonly tagPicker?: boolean;
  /** Target resource name of a 'ref' field. */
  readonly ref?: string;
  /** What happens to this row when the referenced row is deleted; default: refuse (foreignKeyConflict). */
  readonly onDelete?: 'restrict' | 'setNull' | 'cascade';
  /** Shown as a column in the list screen. */
  readonly list?: boolean;
  /**
   * 'key': a column a wide list keeps in view (shown right after the first column); 'normal': never.
   * Unset: quantities, statuses and locks are key (domain/resources/listColumns.ts).
   */
  readonly listPriority?: 'key' | 'normal';
  /** Hidden from the form (server-managed or derived). */
  readonly hiddenInForm?: boolean;
  /** Accepted on write, never returned (passwords). */
  readonly writeOnly?: boolean;
  /** Accepted and validated but not stored as such (a hook turns it into something else, e.g. a password hash). */
  readonly virtual?: boolean;
  /** Returned, never accepted from the client. */
  readonly readOnly?: boolean;
  /** Kept on the server only: never accepted nor returned (activation codes…). */
  readonly internal?: boolean;
  /** A list can be filtered by it but not ordered by it (a view's grouping has no single value of it). */
  readonly noSort?: boolean;
  readonly default?: string | number | boolean | null;
}

/** Who may do something: anyone signed in to the account, or users with a claim. */
export type Access =
  | 'none'
  | 'any'
  | 'power'
  | 'super'
  | 'logistics'
  | 'terminal'
  | 'shipping'
  | 'portal'
  | 'transport'
  /** The face database: super users and users with the FaceDatabaseEnabled claim. */
  | 'faces'
  | 'catalyst';

export interface ResourceDefinition {
  readonly kind: 'resource';
  /** camelCase name: table, translation keys (`resources.<name>.…`) and route. */
  readonly name: string;
  /** API path segment under /api (matched case-insensitively), e.g. 'Company'. */
  readonly path: string;
  /** Client route under the main layout, e.g. 'companies'. */
  readonly route: string;
  /** Menu section (one of `menuSectionKeys` in domain/menu.ts) whose entry opens the list screen. */
  readonly section: string;
  /**
   * The list's menu entry: its place in the section (smaller first, default 100) and who sees it (default: `read`);
   * `false` for a resource without an entry of its own (reached from another screen).
   */
  readonly menu?: false | { readonly order?: number; readonly access?: Access };
  /** Field used as the record's title in the record log and the select list. */
  readonly titleField: string;
  readonly fields: Readonly<Record<string, FieldDef>>;
  readonly read: Access;
  readonly write: Access;
  /** Read-only resources are written only by the server (RecordLog, SystemLog). */
  readonly readOnly?: boolean;
  /** Resources that can be added and deleted but not edited (SharedAccess). */
  readonly noEdit?: boolean;
  /**
   * A ref field to a contractor company: contractor users see only rows whose
   * field equals their contractor. Resources without it are invisible to contractors.
   */
  readonly contractorField?: string;
  /** A boolean field that hides a row from contractor users even when it is theirs (hideFromPortal). */
  readonly contractorHiddenField?: string;
  /**
   * Writes go through an area module (documents, orders) instead of the generic POST/PUT/DELETE;
   * reads (list, get, select, export) stay generic.
   */
  readonly customWrite?: boolean;
  /** Named filter presets offered by the list screen (e.g. the system log's errors-only). */
  readonly presets?: readonly {
    readonly key: string;
    readonly filters: readonly {
      readonly field: string;
      readonly operator: string;
      readonly value?: string | number | boolean | null;
    }[];
  }[];
  readonly defaultSort?: { readonly column: string; readonly descending?: boolean };
  /** Rows without a client account (system-wide) are readable by no tenant. */
  readonly tenantOptional?: boolean;
}

/** Every row has these, managed by the server. */
export const systemFields = ['id', 'clientAccountId', 'createdAt', 'updatedAt', 'version'] as const;

export const defineResource = <const T extends Omit<ResourceDefinition, 'kind'>>(
  def: T,
): T & { kind: 'resource' } => ({
  ...def,
  kind: 'resource',
});

export const isResourceDefinition = (value: unknown): value is ResourceDefinition =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'resource';

/** Fields the client may send. */
export const writableFields = (def: ResourceDefinition): [string, FieldDef][] =>
  Object.entries(def.fields).filter(([, f]) => !f.readOnly && !f.internal);

/** Fields the server returns. */
export const visibleFields = (def: ResourceDefinition): [string, FieldDef][] =>
  Object.entries(def.fields).filter(([, f]) => !f.writeOnly && !f.internal);

/** Scalar fields that may be filtered and sorted on. */
export const queryableFields = (def: ResourceDefinition): string[] => [
  'id',
  'createdAt',
  'updatedAt',
  ...visibleFields(def)
    .filter(([, f]) => f.kind !== 'json')
    .map(([name]) => name),
];
