import { useScanIssueStore } from './scanIssueStore';
import { useScannerSettingsStore } from './scannerSettingsStore';
import { hiccupMsOf, WedgeDecoder } from './wedgeDecoder';

type CodeHandler = (code: string) => void;

/** A text field and what it held before a burst started typing into it. */
interface FieldSnapshot {
  readonly field: HTMLInputElement | HTMLTextAreaElement;
  readonly value: string;
  readonly selectionStart: number | null;
  readonly selectionEnd: number | null;
}

const handlers: CodeHandler[] = [];
const decoder = new WedgeDecoder(useScannerSettingsStore.getState().wedge);
let snapshot: FieldSnapshot | null = null;
let flushTimer: ReturnType<typeof setTimeout> | undefined;
let stallTimer: ReturnType<typeof setTimeout> | undefined;
/** While true (learning the scanner's timing), keys are left to the one who listens. */
let paused = false;
let unsubscribeSettings: (() => void) | undefined;

const textField = (target: EventTarget | null): HTMLInputElement | HTMLTextAreaElement | null =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement ? target : null;

const takeSnapshot = (target: EventTarget | null): FieldSnapshot | null => {
  const field = textField(target);
  if (!field) return null;
  let selectionStart: number | null = null;
  let selectionEnd: number | null = null;
  try {
    selectionStart = field.selectionStart;
    selectionEnd = field.selectionEnd;
  } catch {
    // type=number/email have no selection API.
  }
  return { field, value: field.value, selectionStart, selectionEnd };
};

/**
 * Takes back what a recognised burst typed into a text field. The value goes through the native setter
 * and an `input` event, so React's controlled inputs see the change too.
 */
const restoreField = (saved: FieldSnapshot | null): void => {
  if (!saved || saved.field.value === saved.value) return;
  const proto = saved.field instanceof HTMLTextAreaElement ? HTMLTextAreaElement : HTMLInputElement;
  Object.getOwnPropertyDescriptor(proto.prototype, 'value')?.set?.call(saved.field, saved.value);
  saved.field.dispatchEvent(new Event('input', { bubbles: true }));
  try {
    if (saved.selectionStart !== null)
      saved.field.setSelectionRange(saved.selectionStart, saved.selectionEnd);
  } catch {
    // no selection API on this input type
  }
};

/** The most recently subscribed handler gets the scan (a dialog's scanner wins over its page's). */
const deliver = (code: string): void => {
  restoreField(snapshot);
  snapshot = null;
  useScanIssueStore.getState().clear();
  handlers.at(-1)?.(code);
};

/** Part of a scan: taken back from the field it typed into, and told to the user, never acted on. */
const reportPartial = (code: string): void => {
  restoreField(snapshot);
  snapshot = null;
  useScanIssueStore.getState().reportPartial(code);
};

const onKeyDown = (event: KeyboardEvent): void => {
  if (paused) return;
  const step = decoder.feed({
    key: event.key,
    time: event.timeStamp,
    ctrlKey: event.ctrlKey,
    altKey: event.altKey,
    metaKey: event.metaKey,
    repeat: event.repeat,
    isComposing: event.isComposing,
  });
  clearTimeout(flushTimer);
  clearTimeout(stallTimer);
  if (step.type === 'char') {
    if (step.startsBurst) snapshot = takeSnapshot(event.target);
    // Ctrl+] (GS) would otherwise reach shortcuts.
    if (event.ctrlKey) event.preventDefault();
    const settings = useScannerSettingsStore.getState().wedge;
    const { suffix, maxGapMs } = settings;
    // A burst whose suffix does not come within a hiccup stopped: what arrived is shown, not lost.
    if (suffix.length > 0)
      stallTimer = setTimeout(() => {
        const part = decoder.stall(performance.now());
        if (part !== null) reportPartial(part);
      }, hiccupMsOf(settings) + 20);
    if (suffix.length === 0) {
      flushTimer = setTimeout(() => {
        const code = decoder.flush(performance.now());
        if (code !== null) deliver(code);
      }, maxGapMs + 5);
    }
    return;
  }
  if (step.type === 'scan' || step.type === 'partial') {
    // The suffix must not submit a form, press a focused button or move the focus.
    event.preventDefault();
    event.stopPropagation();
    if (step.type === 'scan') deliver(step.code);
    else reportPartial(step.code);
  }
};

const start = (): void => {
  decoder.configure(useScannerSettingsStore.getState().wedge);
  unsubscribeSettings = useScannerSettingsStore.subscribe((s, prev) => {
    if (s.wedge !== prev.wedge) decoder.configure(s.wedge);
  });
  // Capture phase: the suffix is swallowed before React's handlers and the browser's default action.
  document.addEventListener('keydown', onKeyDown, { capture: true });
};

const stop = (): void => {
  document.removeEventListener('keydown', onKeyDown, { capture: true });
  unsubscribeSettings?.();
  unsubscribeSettings = undefined;
  clearTimeout(flushTimer);
  clearTimeout(stallTimer);
  decoder.reset();
  snapshot = null;
};

/** Stops recognising scans while the scanner's timing is learnt (learnScanner.ts listens itself); returns the resume. */
export const pauseWedge = (): (() => void) => {
  paused = true;
  decoder.reset();
  return () => {
    paused = false;
    decoder.reset();
  };
};

/** Listens for wedge scans while at least one handler is subscribed; returns the unsubscribe. */
export const subscribeWedge = (handler: CodeHandler): (() => void) => {
  handlers.push(handler);
  if (handlers.length === 1) start();
  return () => {
    const index = handlers.lastIndexOf(handler);
    if (index >= 0) handlers.splice(index, 1);
    if (handlers.length === 0) stop();
  };
};
