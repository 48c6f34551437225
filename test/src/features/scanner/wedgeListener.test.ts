import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installMemoryStorage } from '../../../support/memoryStorage';

/**
 * The document-level glue of the wedge scanner, in node: `document` is a plain EventTarget and text
 * fields are small fakes with the value setter on the prototype, as in the DOM (what React relies on).
 */
class FakeInput extends EventTarget {
  #value = '';
  selectionStart: number | null = 0;
  selectionEnd: number | null = 0;
  readonly inputEvents: string[] = [];
  constructor() {
    super();
    this.addEventListener('input', () => this.inputEvents.push(this.#value));
  }
  get value(): string {
    return this.#value;
  }
  set value(next: string) {
    this.#value = next;
    this.selectionStart = next.length;
    this.selectionEnd = next.length;
  }
  setSelectionRange(start: number | null, end: number | null): void {
    this.selectionStart = start;
    this.selectionEnd = end;
  }
}
class FakeTextArea extends FakeInput {}

type Listener = typeof import('../../../../src/features/scanner/wedgeListener');
type SettingsStore = typeof import('../../../../src/features/scanner/scannerSettingsStore');

let wedge: Listener;
let settings: SettingsStore;
let clock = 1000;
/** With fake timers the key times follow the faked performance clock, so that pending timers see them. */
let fakeClock = false;

/** A keydown as the browser sends it; a typed character also lands in `field` unless prevented. */
const press = (
  key: string,
  field: FakeInput | null = null,
  gap = 8,
  extra: Partial<KeyboardEventInit> = {},
) => {
  if (fakeClock) {
    vi.advanceTimersByTime(gap);
    clock = performance.now();
  } else clock += gap;
  const event = new Event('keydown', { cancelable: true, bubbles: true });
  Object.defineProperties(event, {
    key: { value: key },
    timeStamp: { value: clock },
    target: { value: field },
    ctrlKey: { value: extra.ctrlKey ?? false },
    altKey: { value: false },
    metaKey: { value: false },
    repeat: { value: false },
    isComposing: { value: false },
  });
  document.dispatchEvent(event);
  if (field && !event.defaultPrevented && key.length === 1 && !extra.ctrlKey) field.value += key;
  return event;
};
const type = (text: string, field: FakeInput | null = null, gap = 8) =>
  [...text].map((ch, i) => press(ch, field, i === 0 ? 500 : gap));

beforeEach(async () => {
  vi.resetModules();
  installMemoryStorage();
  Object.assign(globalThis, {
    document: new EventTarget(),
    HTMLInputElement: FakeInput,
    HTMLTextAreaElement: FakeTextArea,
  });
  wedge = await import('../../../../src/features/scanner/wedgeListener');
  settings = await import('../../../../src/features/scanner/scannerSettingsStore');
});

afterEach(() => {
  fakeClock = false;
  vi.useRealTimers();
});

describe('wedge listener', () => {
  it('delivers a scan, swallows its Enter and leaves the page keys alone otherwise', () => {
    const scans: string[] = [];
    const stop = wedge.subscribeWedge((code) => scans.push(code));
    const chars = type('5901234123457');
    const enter = press('Enter');
    expect(scans).toEqual(['5901234123457']);
    expect(enter.defaultPrevented).toBe(true);
    expect(chars.some((e) => e.defaultPrevented)).toBe(false);

    // Human typing and its Enter (submitting a form) pass through.
    type('hello', null, 150);
    const humanEnter = press('Enter', null, 150);
    expect(humanEnter.defaultPrevented).toBe(false);
    expect(scans).toHaveLength(1);
    stop();
  });

  it('takes back what a scan typed into a focused field, through its value setter and an input event', () => {
    const scans: string[] = [];
    const stop = wedge.subscribeWedge((code) => scans.push(code));
    const quantity = new FakeInput();
    type('12', quantity, 200);
    expect(quantity.value).toBe('12');

    type('LOC-01-02', quantity);
    expect(quantity.value).toBe('12LOC-01-02');
    press('Tab', quantity);
    expect(scans).toEqual(['LOC-01-02']);
    expect(quantity.value).toBe('12');
    expect(quantity.inputEvents.at(-1)).toBe('12');
    expect([quantity.selectionStart, quantity.selectionEnd]).toEqual([2, 2]);
    stop();
  });

  it('does not touch a field when the fast input was too short to be a scan', () => {
    const scans: string[] = [];
    const stop = wedge.subscribeWedge((code) => scans.push(code));
    const field = new FakeInput();
    type('ok', field);
    const enter = press('Enter', field);
    expect(enter.defaultPrevented).toBe(false);
    expect(field.value).toBe('ok');
    expect(field.inputEvents).toEqual([]);
    expect(scans).toEqual([]);
    stop();
  });

  it('gives the scan to the handler subscribed last, and back to the earlier one when it leaves', () => {
    const page: string[] = [];
    const dialog: string[] = [];
    const stopPage = wedge.subscribeWedge((code) => page.push(code));
    const stopDialog = wedge.subscribeWedge((code) => dialog.push(code));
    type('AAAA1');
    press('Enter');
    stopDialog();
    type('BBBB2');
    press('Enter');
    expect({ page, dialog }).toEqual({ page: ['BBBB2'], dialog: ['AAAA1'] });
    stopPage();
    type('CCCC3');
    expect(press('Enter').defaultPrevented).toBe(false);
    expect(page).toEqual(['BBBB2']);
  });

  it('follows settings changes: prefix, FNC1 substitute, and Ctrl+] kept from shortcuts', () => {
    const scans: string[] = [];
    const stop = wedge.subscribeWedge((code) => scans.push(code));
    settings.useScannerSettingsStore.getState().setWedge({ prefix: '#', fnc1Substitute: '~' });
    type('#]C10109506000134352~10ABC');
    const gs = press(']', null, 8, { ctrlKey: true });
    for (const ch of '21X1') press(ch);
    press('Enter');
    expect(gs.defaultPrevented).toBe(true);
    expect(scans).toEqual([']C10109506000134352\u001d10ABC\u001d21X1']);
    stop();
  });

  it('ends a scan on a pause when the scanner sends no suffix', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const scans: string[] = [];
    const stop = wedge.subscribeWedge((code) => scans.push(code));
    settings.useScannerSettingsStore.getState().setWedge({ suffix: [] });
    fakeClock = true;
    type('4006381333931');
    expect(scans).toEqual([]);
    vi.advanceTimersByTime(40);
    expect(scans).toEqual([]);
    vi.advanceTimersByTime(20);
    expect(scans).toEqual(['4006381333931']);
    // Human typing does not turn into scans when it pauses.
    type('abcdef', null, 150);
    vi.advanceTimersByTime(500);
    expect(scans).toHaveLength(1);
    stop();
  });

  it('delivers a burst slowed by a hiccup as one scan', () => {
    const scans: string[] = [];
    const stop = wedge.subscribeWedge((code) => scans.push(code));
    const field = new FakeInput();
    type('590123', field);
    for (const [i, ch] of [...'4123457'].entries()) press(ch, field, i === 0 ? 200 : 8);
    const enter = press('Enter', field);
    expect(enter.defaultPrevented).toBe(true);
    expect(scans).toEqual(['5901234123457']);
    expect(field.value).toBe('');
    stop();
  });

  it('never drops a scan in silence: a burst that stops is shown as partial, and nothing acts on it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const issues = await import('../../../../src/features/scanner/scanIssueStore');
    const scans: string[] = [];
    const stop = wedge.subscribeWedge((code) => scans.push(code));
    fakeClock = true;
    const field = new FakeInput();
    field.value = 'kept';
    type('LOC-01', field);
    expect(field.value).toBe('keptLOC-01');
    vi.advanceTimersByTime(600);
    expect(issues.useScanIssueStore.getState().partial?.code).toBe('LOC-01');
    expect(field.value).toBe('kept');
    // The rest comes after the stall, with its Enter: still no scan, the whole part shown.
    for (const [i, ch] of [...'-02'].entries()) press(ch, null, i === 0 ? 900 : 8);
    const enter = press('Enter');
    expect(enter.defaultPrevented).toBe(true);
    expect(scans).toEqual([]);
    expect(issues.useScanIssueStore.getState().partial?.code).toBe('LOC-01-02');
    // The next whole scan clears the notice.
    vi.advanceTimersByTime(5000);
    type('LOC-01-02');
    press('Enter');
    expect(scans).toEqual(['LOC-01-02']);
    expect(issues.useScanIssueStore.getState().partial).toBeNull();
    stop();
  });

  it('leaves the keys alone while the scanner is being learnt', () => {
    const scans: string[] = [];
    const stop = wedge.subscribeWedge((code) => scans.push(code));
    const resume = wedge.pauseWedge();
    type('ABCDEF');
    expect(press('Enter').defaultPrevented).toBe(false);
    resume();
    type('ABCDEF');
    press('Enter');
    expect(scans).toEqual(['ABCDEF']);
    stop();
  });
});

describe('scanner settings store', () => {
  it('persists the settings and sanitises what it reads back', async () => {
    settings.useScannerSettingsStore.getState().setWedge({ maxGapMs: 50, suffix: ['Enter'] });
    const stored = JSON.parse(localStorage.getItem('aisle-scanner') ?? '{}') as { state?: unknown };
    expect(stored.state).toEqual({ wedge: expect.objectContaining({ maxGapMs: 50, suffix: ['Enter'] }) });

    localStorage.setItem(
      'aisle-scanner',
      JSON.stringify({ state: { wedge: { maxGapMs: 9999, suffix: ['Escape'], prefix: 3 } }, version: 1 }),
    );
    vi.resetModules();
    const fresh: SettingsStore = await import('../../../../src/features/scanner/scannerSettingsStore');
    expect(fresh.useScannerSettingsStore.getState().wedge).toMatchObject({
      maxGapMs: 200,
      suffix: [],
      prefix: '',
    });
  });
});
