import fc from 'fast-check';

const deepArray = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};
const deepObject = (depth: number): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};

/** One megabyte of text (built once; every use shares it). */
const megabyte = 'M'.repeat(1024 * 1024);

/**
 * Values that break inputs: wrong types, text the database refuses, numbers at and past every limit, special
 * numbers as text, deep nesting, a megabyte of text, invalid UUIDs and dates, injection-looking text.
 */
export const hostileValues: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -0,
  -1,
  1.5,
  1e308,
  -1e308,
  5e-324,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  1e21,
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\ufeff\u202e',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '-1e400',
  '99999999999999999999999999',
  'true',
  'null',
  'undefined',
  'not-a-uuid',
  '00000000-0000-0000-0000-00000000000g',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff\u0000',
  '275760-09-13',
  '+275760-09-13T00:00:00Z',
  '-271821-04-20T00:00:00Z',
  '2024-02-30',
  '0000-00-00',
  '9999-12-31T23:59:59.999999999+14:00',
  "' or 1=1 --",
  '%00',
  '../../etc/passwd',
  '<svg onload=alert(1)>',
  '😀'.repeat(300),
  'x'.repeat(5000),
  megabyte,
  [],
  {},
  [null],
  { $ne: null },
  deepArray(200),
  deepObject(200),
  ['a', 1, null, {}],
];

export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileValues) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Text the database refuses, text past every length, text that looks like something else. */
export const hostileStrings: readonly string[] = hostileValues.filter(
  (v): v is string => typeof v === 'string',
);

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfffy', megabyte) },
  { weight: 3, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
);

/** Text forms of hostile values, for query strings and path parameters. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  hostileString,
  hostile.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v)))),
);

/** Paths to every value inside a JSON value (the empty path is the value itself). */
const pathsOf = (
  value: unknown,
  prefix: readonly (string | number)[] = [],
  out: (string | number)[][] = [],
) => {
  out.push([...prefix]);
  if (prefix.length > 8) return out;
  if (Array.isArray(value))
    value.forEach((v, i) => {
      pathsOf(v, [...prefix, i], out);
    });
  else if (typeof value === 'object' && value !== null)
    for (const [k, v] of Object.entries(value)) pathsOf(v, [...prefix, k], out);
  return out;
};

const valueAt = (value: unknown, path: readonly (string | number)[]): unknown =>
  path.reduce<unknown>(
    (v, k) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[k] : undefined),
    value,
  );

const setAt = (value: unknown, path: readonly (string | number)[], replacement: unknown): unknown => {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[head as number] = setAt(copy[head as number], rest, replacement);
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  copy[head] = setAt(copy[head], rest, replacement);
  return copy;
};

export type Breakage = 'none' | 'text' | 'value' | 'unknownField' | 'whole';

/**
 * A valid value broken one way: left as it is, one of its texts made hostile (NUL, lone surrogates, a
 * megabyte…), one inner value replaced by a hostile one (wrong type, huge number, deep nesting…), an unknown
 * field added, or all of it replaced.
 */
export const broken = (valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
  fc
    .tuple(
      valid,
      fc.constantFrom<Breakage>('none', 'text', 'text', 'text', 'value', 'value', 'unknownField', 'whole'),
      fc.nat(),
      hostile,
      hostileString,
      fc.string({ maxLength: 12 }),
    )
    .map(([value, how, at, bad, badText, key]) => {
      switch (how) {
        case 'none':
          return value;
        case 'whole':
          return bad;
        case 'unknownField':
          return typeof value === 'object' && value !== null && !Array.isArray(value)
            ? { ...value, [key || 'unknown']: bad }
            : value;
        case 'text': {
          const paths = pathsOf(value).filter((p) => typeof valueAt(value, p) === 'string');
          if (paths.length === 0) return setAt(value, [], badText);
          return setAt(value, paths[at % paths.length] ?? [], badText);
        }
        default: {
          const paths = pathsOf(value);
          return setAt(value, paths[at % paths.length] ?? [], bad);
        }
      }
    });
