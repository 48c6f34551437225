import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import chardet from 'chardet';
import iconv from 'iconv-lite';
import Papa from 'papaparse';
import { AppError } from '../../domain/errors';
import type { RawCell } from '../../domain/import/importColumn';
import { loadExcel } from '../files/excel';

/** Largest import file: 20 MB. */
export const maxImportBytes = 20 * 1024 * 1024;

/** An uploaded file kept on disk while it is imported, so its rows can be read as a stream. */
export interface SpooledFile {
  readonly path: string;
  readonly size: number;
  readonly fileName: string | null;
  dispose(): Promise<void>;
}

/** Counts the bytes that pass and refuses the stream past `limit` (a body sent without a length). */
const byteLimit = (limit: number, seen: { bytes: number }) =>
  new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen.bytes += chunk.length;
      if (seen.bytes > limit) callback(new AppError('fileTooBig'));
      else callback(null, chunk);
    },
  });

/** Writes an upload to a temporary file; fileTooBig once it passes the limit (the file is removed then). */
export const spoolToFile = async (
  source: Readable,
  fileName: string | null,
  limit = maxImportBytes,
): Promise<SpooledFile> => {
  const path = join(tmpdir(), `aisle-import-${randomUUID()}`);
  const seen = { bytes: 0 };
  const dispose = () => rm(path, { force: true });
  try {
    await pipeline(source, byteLimit(limit, seen), createWriteStream(path));
  } catch (err) {
    await dispose();
    throw err;
  }
  return { path, size: seen.bytes, fileName, dispose };
};

/** Bytes already in memory (a body parsed by Fastify) as a spooled file. */
export const spoolBytes = (bytes: Buffer, fileName: string | null): Promise<SpooledFile> =>
  spoolToFile(Readable.from([bytes]), fileName);

/** One data row of a file, with its line (the header is line 1 of a CSV, row 1 of a sheet). */
export interface SourceRow {
  readonly line: number;
  readonly cells: readonly RawCell[];
}

export interface RowSource {
  readonly rows: AsyncIterable<SourceRow>;
  /** Bytes of the file read so far (the progress bar's measure). */
  bytesRead(): number;
}

const sampleBytes = 64 * 1024;

const readStart = async (path: string, length: number): Promise<Buffer> => {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
};

const isZip = (start: Buffer) => start.length >= 4 && start.readUInt32LE(0) === 0x04034b50;

/** Whether the bytes are UTF-8 (a character cut at the end of the sample is allowed). */
const isUtf8 = (bytes: Buffer): boolean => {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
};

/** Letters among the non-ASCII characters of a decoding: a wrong single-byte encoding gives symbols instead. */
const letterScore = (sample: Buffer, encoding: string): number => {
  let score = 0;
  for (const ch of iconv.decode(sample, encoding))
    if (ch.charCodeAt(0) > 127) score += /\p{L}/u.test(ch) ? 1 : -1;
  return score;
};

/**
 * The encoding of a CSV: a byte-order mark decides; else UTF-8 when the text is valid UTF-8; else the single-byte
 * encoding, among chardet's guess, Windows-1250 (Central European, what spreadsheets on Windows write in Poland)
 * and Windows-1252 (Western), whose reading gives the most letters (a wrong one turns letters into symbols: "¹"
 * for "ą"); chardet's guess wins a tie. Binary content (NUL bytes outside UTF-16) cannot be read.
 */
export const detectEncoding = (sample: Buffer): string => {
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) return 'utf8';
  if (sample[0] === 0xff && sample[1] === 0xfe) return 'utf16le';
  if (sample[0] === 0xfe && sample[1] === 0xff) return 'utf16be';
  if (sample.includes(0)) throw new AppError('importFileUnreadable');
  if (isUtf8(sample)) return 'utf8';
  const guessed = (chardet.detect(sample) ?? '').toLowerCase();
  const first = guessed === 'iso-8859-2' ? 'windows-1250' : guessed;
  const candidates = [first, 'windows-1250', 'windows-1252'].filter(
    (e, i, all) => e !== '' && !e.startsWith('utf') && iconv.encodingExists(e) && all.indexOf(e) === i,
  );
  let best: string | undefined;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const encoding of candidates) {
    const score = letterScore(sample, encoding);
    if (score > bestScore) {
      best = encoding;
      bestScore = score;
    }
  }
  if (!best) throw new AppError('importFileUnreadable');
  return best;
};

/** The delimiter of a CSV, guessed by papaparse from the first lines (a comma when there is only one column). */
const detectDelimiter = (sample: string): string => {
  const guessed = Papa.parse<string[]>(sample, {
    preview: 20,
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', ';', '\t', '|'],
  });
  return guessed.meta.delimiter || ',';
};

/** Counts the bytes read from the file. */
const counter = (seen: { bytes: number }) =>
  new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen.bytes += chunk.length;
      callback(null, chunk);
    },
  });

/** Rows parsed before the reader is paused: one batch is held at most (memory stays flat whatever the file). */
const csvQueueLimit = 500;

async function* csvRows(input: Readable, delimiter: string): AsyncGenerator<SourceRow> {
  const queue: Papa.ParseStepResult<string[]>[] = [];
  let finished = false;
  let failure: unknown;
  let parser: Papa.Parser | undefined;
  let paused = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  Papa.parse<string[]>(input as unknown as File, {
    delimiter,
    skipEmptyLines: false,
    step: (result, p) => {
      parser = p;
      queue.push(result);
      if (queue.length >= csvQueueLimit && !paused) {
        paused = true;
        p.pause();
      }
      notify();
    },
    complete: () => {
      finished = true;
      notify();
    },
    error: (error: Error) => {
      failure = error;
      finished = true;
      notify();
    },
  });
  let line = 0;
  for (;;) {
    const next = queue.shift();
    if (next) {
      line += 1;
      const quotes = next.errors.find((e) => e.type === 'Quotes');
      if (quotes) throw new AppError('importFileUnreadableAtLine', { fields: [lineField(line)] });
      yield { line, cells: next.data };
      continue;
    }
    if (failure) throw failure instanceof AppError ? failure : new AppError('importFileUnreadable');
    if (finished) return;
    const waiting = new Promise<void>((resolve) => {
      wake = resolve;
    });
    if (paused) {
      paused = false;
      parser?.resume();
    }
    await waiting;
  }
}

/** The line of an unreadable file travels as the error's own parameter (its message names it). */
const lineField = (line: number) => ({
  field: 'file',
  rule: 'importFileUnreadableAtLine' as const,
  params: { line },
});

/** A cell of a sheet as text, number, boolean or date (formulas give their result, links their text). */
const sheetCell = (value: unknown): RawCell => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    const v = value as { result?: unknown; text?: unknown; richText?: { text: string }[]; error?: unknown };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return sheetCell(v.result);
    if (typeof v.text === 'string') return v.text;
    if ('error' in v) return null;
  }
  return String(value);
};

async function* xlsxRows(path: string, seen: { bytes: number }): AsyncGenerator<SourceRow> {
  const input = createReadStream(path).pipe(counter(seen));
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  try {
    // The first sheet holds the data; the rest are not read.
    for await (const sheet of workbook) {
      for await (const row of sheet) {
        const values = Array.isArray(row.values) ? row.values.slice(1) : [];
        yield { line: row.number, cells: values.map(sheetCell) };
      }
      return;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('importFileUnreadable', { detail: err instanceof Error ? err.message : String(err) });
  } finally {
    input.destroy();
  }
}

/**
 * The rows of an uploaded CSV or XLSX file, read as a stream. An XLSX is recognised by its content (a zip), any
 * other file is read as CSV: encoding (UTF-8 with or without BOM, UTF-16 with BOM, Windows-1250 and others by
 * detection) and delimiter (comma, semicolon, tab, pipe) are found from its first 64 KB.
 */
export const openRows = async (file: SpooledFile): Promise<RowSource> => {
  const size = (await stat(file.path)).size;
  if (size === 0) throw new AppError('importFileEmpty');
  const start = await readStart(file.path, sampleBytes);
  const seen = { bytes: 0 };
  if (isZip(start)) return { rows: xlsxRows(file.path, seen), bytesRead: () => seen.bytes };
  const encoding = detectEncoding(start);
  const sampleText = iconv.decode(start, encoding);
  const delimiter = detectDelimiter(sampleText);
  const input = createReadStream(file.path).pipe(counter(seen)).pipe(iconv.decodeStream(encoding));
  return { rows: csvRows(input as unknown as Readable, delimiter), bytesRead: () => seen.bytes };
};
