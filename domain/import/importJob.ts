import { z } from 'zod';
import type { ImportColumn } from './importColumn';

/**
 * How an import ends: `preview` checks every row as if it were saved and keeps nothing; `allOrNothing` keeps the
 * file only when no row has a problem; `skipBadRows` keeps the good rows and reports the others.
 */
export const importModes = ['preview', 'allOrNothing', 'skipBadRows'] as const;
export type ImportMode = (typeof importModes)[number];

export const importStatuses = ['running', 'done', 'failed', 'cancelled'] as const;
export type ImportStatus = (typeof importStatuses)[number];

/** Options of POST /api/Import/<template> (query string). */
export const importOptionsSchema = z.object({
  mode: z.enum(importModes).default('allOrNothing'),
  /** Answer when the import has ended (scripts) instead of at once with the running job. */
  wait: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .transform((v) => v === true || v === 'true' || v === '1')
    .default(false),
  fileName: z.string().max(255).optional(),
});
export type ImportOptions = z.infer<typeof importOptionsSchema>;

/** A message of the catalogue with its values and its text in the caller's language. */
export interface ImportNotice {
  readonly code: string;
  readonly params?: Readonly<Record<string, string | number>>;
  readonly message: string;
}

/** GET /api/Import/jobs/{id}: an import's progress and outcome. */
export interface ImportJobView {
  readonly id: string;
  readonly template: string;
  readonly fileName: string | null;
  readonly mode: ImportMode;
  readonly status: ImportStatus;
  readonly rowsRead: number;
  readonly rowsImported: number;
  readonly rowsSkipped: number;
  readonly problemCount: number;
  /** Share of the file read, 0 to 1. */
  readonly progress: number;
  /** Unknown columns (ignored) and other notices. */
  readonly warnings: readonly ImportNotice[];
  /** The first rows as they were (or, in a preview, would be) saved. */
  readonly sample: readonly Record<string, unknown>[];
  /** Why the whole import failed. */
  readonly error: ImportNotice | null;
  readonly createdAt: string;
  readonly finishedAt: string | null;
}

/** One problem of an import as listed (GET /api/Import/jobs/{id}/problems) and reported. */
export interface ImportProblemView {
  readonly line: number;
  readonly column: string | null;
  /** The column's header in the caller's language. */
  readonly columnHeader: string | null;
  readonly code: string;
  readonly params?: Readonly<Record<string, string | number>>;
  readonly message: string;
}

/** A column as `GET config/importtemplate` lists it: what a file must hold, in the caller's language. */
export interface TemplateColumnView {
  readonly key: string;
  readonly header: string;
  readonly kind: ImportColumn['kind'];
  readonly required: boolean;
  readonly example: string | number | boolean;
  /** Empty numbers read 0. */
  readonly emptyIsZero: boolean;
}

export interface TemplateView {
  readonly key: string;
  readonly title: string;
  /** Where the file (or rows as JSON) is posted. */
  readonly url: string;
  readonly columns: readonly TemplateColumnView[];
}
