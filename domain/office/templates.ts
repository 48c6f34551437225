/**
 * E-mail templates: `{{name}}` placeholders filled from the record a message is about (its fields, shown as
 * the app shows them, in the sender's language), `{{lines}}` for its lines (a document's or an order's
 * positions), and a few of the message itself (`{{recipient.name}}`, `{{user.name}}`, `{{company.name}}`,
 * `{{today}}`, `{{link}}`). Pure: the server builds the values, the same function renders preview and e-mail.
 */

/** One line of a record (a position), as columns of already formatted values. */
export interface TemplateLines {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

export interface TemplateValues {
  /** Placeholder name → shown value (`contractorId` → the contractor's name, `documentNumber` → as is…). */
  readonly fields: Readonly<Record<string, string>>;
  readonly lines?: TemplateLines;
}

export interface RenderedTemplate {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

const placeholder = /\{\{\s*([A-Za-z][\w.]*)\s*\}\}/g;

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const linesAsText = (lines: TemplateLines | undefined): string => {
  if (!lines?.rows.length) return '';
  const widths = lines.columns.map((c, i) =>
    Math.max(c.length, ...lines.rows.map((r) => (r[i] ?? '').length)),
  );
  const row = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [row(lines.columns), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.rows.map(row)].join('\n');
};

const linesAsHtml = (lines: TemplateLines | undefined): string => {
  if (!lines?.rows.length) return '';
  const cell = (tag: 'th' | 'td', v: string) =>
    `<${tag} style="border:1px solid #ccc;padding:4px 8px;text-align:left">${escapeHtml(v)}</${tag}>`;
  return [
    '<table style="border-collapse:collapse">',
    `<tr>${lines.columns.map((c) => cell('th', c)).join('')}</tr>`,
    ...lines.rows.map((r) => `<tr>${r.map((v) => cell('td', v)).join('')}</tr>`),
    '</table>',
  ].join('');
};

/** The placeholders a template uses (for checks and hints). */
export const placeholdersOf = (template: string): string[] => [
  ...new Set([...template.matchAll(placeholder)].map((m) => m[1] ?? '')),
];

/** Fills one text; unknown placeholders become empty (the preview shows what the recipient would read). */
export const fillText = (template: string, values: TemplateValues): string =>
  template.replace(placeholder, (_, name: string) =>
    name === 'lines' ? linesAsText(values.lines) : (values.fields[name] ?? ''),
  );

/** The HTML part: the template's text with values escaped, line breaks kept, `{{lines}}` as a table. */
export const fillHtml = (template: string, values: TemplateValues): string => {
  const parts: string[] = [];
  let last = 0;
  for (const m of template.matchAll(placeholder)) {
    parts.push(escapeHtml(template.slice(last, m.index)));
    const name = m[1] ?? '';
    parts.push(name === 'lines' ? linesAsHtml(values.lines) : escapeHtml(values.fields[name] ?? ''));
    last = (m.index ?? 0) + m[0].length;
  }
  parts.push(escapeHtml(template.slice(last)));
  return parts.join('').replace(/\n/g, '<br>\n');
};

/** Subject (one line), plain text and HTML of a template filled with a record's values. */
export const renderTemplate = (
  template: { readonly subject: string; readonly body: string },
  values: TemplateValues,
): RenderedTemplate => ({
  subject: fillText(template.subject, values)
    .replace(/\s*\n\s*/g, ' ')
    .trim(),
  text: fillText(template.body, values),
  html: `<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">${fillHtml(template.body, values)}</body></html>`,
});
