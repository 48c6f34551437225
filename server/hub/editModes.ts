/** Someone with a record open in an edit form. */
export interface Editor {
  readonly userId: string;
  readonly userName: string;
  /** ISO time the user entered edit mode. */
  readonly since: string;
}

/** A record of an account. */
export interface RecordRef {
  readonly clientAccountId: string;
  readonly resourceType: string;
  readonly id: string;
}

export interface EditModeEntry {
  readonly record: RecordRef;
  /** `<process origin>/<connection id>`: who holds the entry. */
  readonly holder: string;
  readonly editor: Editor;
}

const keyOf = (r: RecordRef): string => JSON.stringify([r.clientAccountId, r.resourceType, r.id]);
const refOf = (key: string): RecordRef => {
  const [clientAccountId, resourceType, id] = JSON.parse(key) as [string, string, string];
  return { clientAccountId, resourceType, id };
};

export const holderOf = (origin: string, connectionId: string): string => `${origin}/${connectionId}`;
export const originOfHolder = (holder: string): string => holder.slice(0, holder.indexOf('/'));

/**
 * Edit modes per (account, resource type, id), one entry per connection holding it — of this process
 * and, relayed, of the others. Editors are listed once per user (their earliest entry).
 */
export class EditModeRegistry {
  private readonly records = new Map<string, Map<string, Editor>>();
  private readonly byHolder = new Map<string, Set<string>>();

  /** Adds (editor) or removes (null) the holder's entry; true when something changed. */
  set(record: RecordRef, holder: string, editor: Editor | null): boolean {
    const key = keyOf(record);
    const holders = this.records.get(key);
    if (editor === null) {
      if (!holders?.delete(holder)) return false;
      if (holders.size === 0) this.records.delete(key);
      const keys = this.byHolder.get(holder);
      keys?.delete(key);
      if (keys?.size === 0) this.byHolder.delete(holder);
      return true;
    }
    if (holders?.has(holder)) return false;
    if (holders) holders.set(holder, editor);
    else this.records.set(key, new Map([[holder, editor]]));
    const keys = this.byHolder.get(holder);
    if (keys) keys.add(key);
    else this.byHolder.set(holder, new Set([key]));
    return true;
  }

  has(record: RecordRef, holder: string): boolean {
    return this.records.get(keyOf(record))?.has(holder) ?? false;
  }

  /** Who edits the record, one entry per user, oldest first. */
  editors(record: RecordRef): Editor[] {
    const byUser = new Map<string, Editor>();
    for (const editor of this.records.get(keyOf(record))?.values() ?? []) {
      const seen = byUser.get(editor.userId);
      if (!seen || editor.since < seen.since) byUser.set(editor.userId, editor);
    }
    return [...byUser.values()].sort((a, b) => a.since.localeCompare(b.since));
  }

  /** Removes every entry of the holders that match; returns the records whose editors changed. */
  removeHolders(matches: (holder: string) => boolean): RecordRef[] {
    const changed = new Map<string, RecordRef>();
    for (const [holder, keys] of [...this.byHolder]) {
      if (!matches(holder)) continue;
      for (const key of keys) {
        const holders = this.records.get(key);
        holders?.delete(holder);
        if (holders?.size === 0) this.records.delete(key);
        changed.set(key, refOf(key));
      }
      this.byHolder.delete(holder);
    }
    return [...changed.values()];
  }

  /** Every entry whose holder matches (state sent to a process that joins). */
  entries(matches: (holder: string) => boolean): EditModeEntry[] {
    const out: EditModeEntry[] = [];
    for (const [holder, keys] of this.byHolder) {
      if (!matches(holder)) continue;
      for (const key of keys) {
        const editor = this.records.get(key)?.get(holder);
        if (editor) out.push({ record: refOf(key), holder, editor });
      }
    }
    return out;
  }

  /** Origins (processes) that hold entries. */
  origins(): Set<string> {
    return new Set([...this.byHolder.keys()].map(originOfHolder));
  }
}
