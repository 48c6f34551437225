import { describe, expect, it } from 'vitest';
import { type Gs1Result, type Gs1Success, parseGs1 } from '../../../domain/barcodes/gs1';

const GS = '\u001d';
const today = '2026-05-14';
const GTIN = '09506000134352';
const BAD_GTIN = '09506000134353';
const SSCC = '106141411234567897';
const BAD_SSCC = '106141411234567898';

const parse = (input: string, fnc1Substitute?: string): Gs1Result =>
  parseGs1(input, fnc1Substitute === undefined ? { today } : { today, fnc1Substitute });

const ok = (input: string, fnc1Substitute?: string): Gs1Success => {
  const result = parse(input, fnc1Substitute);
  if (!result.ok)
    throw new Error(`expected a GS1 result for ${JSON.stringify(input)}, got ${JSON.stringify(result)}`);
  return result;
};

describe('parseGs1 — AIM symbology prefixes', () => {
  it.each([
    [']C1', 'gs1-128'],
    [']d2', 'gs1-datamatrix'],
    [']Q3', 'gs1-qr'],
    [']e0', 'gs1-databar'],
    [']J1', 'gs1-dotcode'],
  ])('%s → %s, prefix stripped', (aim, symbology) => {
    const result = ok(`${aim}01${GTIN}17261231${GS}10LOT1`);
    expect(result).toMatchObject({
      form: 'elementString',
      symbology,
      gtin: GTIN,
      expiryDate: '2026-12-31',
      lot: 'LOT1',
    });
  });

  it('reads the full example with all fields and elements in scan order', () => {
    expect(parse(`]C101${GTIN}17201225${GS}10ABC${GS}21XYZ`)).toEqual({
      ok: true,
      form: 'elementString',
      symbology: 'gs1-128',
      gtin: GTIN,
      expiryDate: '2020-12-25',
      lot: 'ABC',
      serial: 'XYZ',
      elements: [
        { ai: '01', raw: GTIN, value: GTIN, title: 'GTIN' },
        { ai: '17', raw: '201225', value: '2020-12-25', title: 'USE BY OR EXPIRY' },
        { ai: '10', raw: 'ABC', value: 'ABC', title: 'BATCH/LOT' },
        { ai: '21', raw: 'XYZ', value: 'XYZ', title: 'SERIAL' },
      ],
    });
  });

  it(']E0 (EAN-13 / UPC-A) gives the GTIN-14', () => {
    expect(ok(']E05901234123457')).toMatchObject({
      form: 'gtin',
      symbology: 'ean-upc',
      gtin: '05901234123457',
    });
    expect(ok(']E00036000291452')).toMatchObject({ gtin: '00036000291452' });
  });
  it(']E4 (EAN-8) and ]E3 (EAN-13 with add-on)', () => {
    expect(ok(']E496385074')).toMatchObject({ symbology: 'ean-upc', gtin: '00000096385074' });
    expect(ok(']E3590123412345712')).toMatchObject({ gtin: '05901234123457' });
    expect(ok(']E359012341234571234 5'.replace(' ', ''))).toMatchObject({ gtin: '05901234123457' });
  });
  it(']E0 with a wrong check digit, wrong length or letters fails', () => {
    expect(parse(']E05901234123458')).toEqual({
      ok: false,
      error: 'invalidCheckDigit',
      position: 15,
      ai: '01',
      text: '5901234123458',
    });
    expect(parse(']E4963850')).toMatchObject({ error: 'invalidLength' });
    expect(parse(']E059012341234X7')).toMatchObject({ error: 'invalidCharacter', position: 14 });
    expect(parse(']E0')).toMatchObject({ error: 'truncated' });
  });
  it('other symbologies (]C0 plain Code 128, ]d1, ]Q1) are read as plain data', () => {
    expect(parse(']C0ABC-123')).toEqual({ ok: false, error: 'notGs1', text: 'ABC-123' });
    expect(ok(']C05901234123457')).toMatchObject({ form: 'gtin', gtin: '05901234123457' });
    expect(ok(`]Q1https://id.gs1.org/01/${GTIN}`)).toMatchObject({ form: 'digitalLink', gtin: GTIN });
    // a plain Code 128 is not GS1-128, even when its text looks like an element string
    expect(parse(`]C001${GTIN}10ABC`)).toMatchObject({ ok: false, error: 'notGs1' });
  });
  it('an empty GS1 symbol is truncated', () => {
    expect(parse(']C1')).toMatchObject({ ok: false, error: 'truncated' });
    expect(parse(`]d2${GS}`)).toMatchObject({ ok: false, error: 'truncated' });
  });
});

describe('parseGs1 — FNC1 separators', () => {
  it('GS separates variable-length fields; a leading FNC1 is ignored', () => {
    const result = ok(`${GS}01${GTIN}10ABC${GS}21S1`);
    expect(result).toMatchObject({ form: 'elementString', gtin: GTIN, lot: 'ABC', serial: 'S1' });
    expect(result.symbology).toBeUndefined();
  });
  it('tolerates a trailing FNC1, doubled FNC1 and FNC1 after a predefined-length field', () => {
    expect(ok(`]C101${GTIN}${GS}17261231${GS}${GS}10ABC${GS}`)).toMatchObject({
      gtin: GTIN,
      expiryDate: '2026-12-31',
      lot: 'ABC',
    });
  });
  it('accepts a one-character substitute', () => {
    expect(ok(`~01${GTIN}10ABC~21S1~37012`, '~')).toMatchObject({
      gtin: GTIN,
      lot: 'ABC',
      serial: 'S1',
      containedCount: 12,
    });
  });
  it('accepts a multi-character substitute such as <GS>', () => {
    expect(ok(`]C101${GTIN}10ABC<GS>21S1`, '<GS>')).toMatchObject({ lot: 'ABC', serial: 'S1' });
    expect(ok(`<GS>01${GTIN}10ABC<GS>17261231`, '<GS>')).toMatchObject({
      lot: 'ABC',
      expiryDate: '2026-12-31',
    });
  });
  it('still accepts the real GS character when a substitute is configured', () => {
    expect(ok(`]C101${GTIN}10ABC${GS}21S1`, '~')).toMatchObject({ lot: 'ABC', serial: 'S1' });
  });
  it('without the substitute option the substitute is data', () => {
    expect(parse(`]C101${GTIN}10ABC~21S1`)).toMatchObject({ ok: false, error: 'invalidCharacter', ai: '10' });
  });
  it('a GS anywhere marks the scan as GS1 even without a prefix', () => {
    expect(ok(`10ABC${GS}21S1`)).toMatchObject({ lot: 'ABC', serial: 'S1' });
  });
  it('ignores surrounding whitespace such as the scanner CR/LF, but positions stay on the input', () => {
    expect(ok(`  ]C101${GTIN}10ABC\r\n`)).toMatchObject({ gtin: GTIN, lot: 'ABC' });
    expect(parse(`  ]C101${BAD_GTIN}\r\n`)).toMatchObject({
      error: 'invalidCheckDigit',
      position: 2 + 3 + 2 + 13,
    });
  });
});

describe('parseGs1 — human-readable form with parentheses', () => {
  it('reads (01)(17)(10)', () => {
    expect(parse(`(01)${GTIN}(17)201225(10)ABC`)).toEqual({
      ok: true,
      form: 'humanReadable',
      gtin: GTIN,
      expiryDate: '2020-12-25',
      lot: 'ABC',
      elements: [
        { ai: '01', raw: GTIN, value: GTIN, title: 'GTIN' },
        { ai: '17', raw: '201225', value: '2020-12-25', title: 'USE BY OR EXPIRY' },
        { ai: '10', raw: 'ABC', value: 'ABC', title: 'BATCH/LOT' },
      ],
    });
  });
  it('allows spaces between elements and an AIM prefix', () => {
    expect(ok(`(01) ${GTIN} (10) ABC (21) S1`)).toMatchObject({ gtin: GTIN, lot: 'ABC', serial: 'S1' });
    expect(ok(`]C1(00)${SSCC}`)).toMatchObject({ sscc: SSCC, symbology: 'gs1-128' });
  });
  it('checks AI length and fixed field lengths', () => {
    expect(parse(`(010)${GTIN}`)).toMatchObject({ ok: false, error: 'invalidAi', position: 1, ai: '010' });
    expect(parse('(01)0950600013435(10)ABC')).toMatchObject({ ok: false, error: 'invalidLength', ai: '01' });
    expect(parse(`(01)${GTIN}9(10)ABC`)).toMatchObject({
      ok: false,
      error: 'invalidLength',
      ai: '01',
      position: 18,
    });
    expect(parse('(01)0950600013435')).toMatchObject({ ok: false, error: 'truncated', ai: '01' });
    expect(parse(`(01)${GTIN}(10)`)).toMatchObject({ ok: false, error: 'truncated', ai: '10' });
    expect(parse(`(01)${GTIN}(10)(21)X`)).toMatchObject({ ok: false, error: 'invalidLength', ai: '10' });
    expect(parse(`(01)${GTIN}x(10)A`)).toMatchObject({ ok: false, error: 'invalidLength', ai: '01' });
    expect(parse(`(05)123`)).toMatchObject({ ok: false, error: 'unknownAi', ai: '05' });
    expect(parse(`(01)${BAD_GTIN}`)).toMatchObject({ ok: false, error: 'invalidCheckDigit', position: 17 });
  });
});

describe('parseGs1 — each AI', () => {
  it('00 SSCC (check digit verified)', () => {
    expect(ok(`]C100${SSCC}`)).toMatchObject({
      sscc: SSCC,
      elements: [{ ai: '00', raw: SSCC, value: SSCC, title: 'SSCC' }],
    });
    expect(parse(`]C100${BAD_SSCC}`)).toEqual({
      ok: false,
      error: 'invalidCheckDigit',
      position: 3 + 2 + 17,
      ai: '00',
      text: `00${BAD_SSCC}`,
    });
  });
  it('01 GTIN (check digit verified)', () => {
    expect(ok(`]C101${GTIN}`).gtin).toBe(GTIN);
    expect(parse(`]C101${BAD_GTIN}`)).toMatchObject({
      ok: false,
      error: 'invalidCheckDigit',
      position: 18,
      ai: '01',
    });
  });
  it('02 contained GTIN with 37 count (check digit verified)', () => {
    expect(ok(`]C100${SSCC}02${GTIN}37144`)).toMatchObject({
      sscc: SSCC,
      containedGtin: GTIN,
      containedCount: 144,
    });
    expect(parse(`]C102${BAD_GTIN}3712`)).toMatchObject({ ok: false, error: 'invalidCheckDigit', ai: '02' });
  });
  it('37 is variable up to 8 digits', () => {
    expect(ok(`]C102${GTIN}3712345678`).containedCount).toBe(12345678);
    expect(parse(`]C102${GTIN}37123456789`)).toMatchObject({ ok: false, error: 'invalidLength', ai: '37' });
    expect(parse(`]C102${GTIN}3712A`)).toMatchObject({ ok: false, error: 'invalidCharacter', ai: '37' });
  });
  it('10 lot: up to 20 characters of GS1 set 82', () => {
    expect(ok(`]C110${'A'.repeat(20)}`).lot).toBe('A'.repeat(20));
    expect(ok(']C110a-b/c.d_e%&*+').lot).toBe('a-b/c.d_e%&*+');
    expect(ok(']C110,:;<=>?!"\'()').lot).toBe(',:;<=>?!"\'()');
    expect(parse(`]C110${'A'.repeat(21)}`)).toMatchObject({
      ok: false,
      error: 'invalidLength',
      ai: '10',
      position: 25,
    });
    expect(parse(']C110AB C')).toMatchObject({ ok: false, error: 'invalidCharacter', ai: '10', position: 7 });
    expect(parse(']C110ABź')).toMatchObject({ ok: false, error: 'invalidCharacter', position: 7 });
  });
  it('11 production date, day 00 → first day of the month', () => {
    expect(ok(`]C101${GTIN}11260315`).productionDate).toBe('2026-03-15');
    expect(ok(`]C101${GTIN}11260300`).productionDate).toBe('2026-03-01');
  });
  it('15 best before, day 00 → last day of the month', () => {
    expect(ok(`]C101${GTIN}15270131`).bestBeforeDate).toBe('2027-01-31');
    expect(ok(`]C101${GTIN}15270400`).bestBeforeDate).toBe('2027-04-30');
  });
  it('17 expiry, day 00 → last day of the month (February in leap and non-leap years)', () => {
    expect(ok(`]C101${GTIN}17280200`).expiryDate).toBe('2028-02-29');
    expect(ok(`]C101${GTIN}17270200`).expiryDate).toBe('2027-02-28');
    expect(ok(`]C101${GTIN}17000200`).expiryDate).toBe('2000-02-29');
    expect(parseGs1(`]C101${GTIN}17000200`, { today: '2080-01-01' })).toMatchObject({
      expiryDate: '2100-02-28',
    });
    expect(ok(`]C101${GTIN}17261200`).expiryDate).toBe('2026-12-31');
    expect(ok(`]C101${GTIN}17260900`).expiryDate).toBe('2026-09-30');
  });
  it('12, 13 and 16 dates are validated and kept as elements', () => {
    const result = ok(`]C101${GTIN}122605001326050016260510`);
    expect(result.elements.map((e) => [e.ai, e.value])).toEqual([
      ['01', GTIN],
      ['12', '2026-05-31'],
      ['13', '2026-05-01'],
      ['16', '2026-05-10'],
    ]);
  });
  it.each([
    ['17261301', 'month 13'],
    ['17260001', 'month 00'],
    ['17260132', 'day 32'],
    ['17270229', '29 February of a non-leap year'],
    ['17260431', '31 April'],
    ['11261131', '31 November (production date)'],
    ['15250230', '30 February (best before)'],
  ])('%s is an invalid date (%s)', (element) => {
    const result = parse(`]C101${GTIN}${element}`);
    expect(result).toMatchObject({
      ok: false,
      error: 'invalidDate',
      ai: element.slice(0, 2),
      position: 3 + 16 + 2,
    });
  });
  it('accepts 29 February of a leap year', () => {
    expect(ok(`]C101${GTIN}17280229`).expiryDate).toBe('2028-02-29');
  });
  it('17 with letters is an invalid character', () => {
    expect(parse(`]C101${GTIN}172612A1`)).toMatchObject({
      ok: false,
      error: 'invalidCharacter',
      position: 3 + 16 + 2 + 4,
    });
  });
  it('21 serial: up to 20 characters', () => {
    expect(ok(`]C101${GTIN}21ABC-0001/x`).serial).toBe('ABC-0001/x');
    expect(parse(`]C101${GTIN}21${'9'.repeat(21)}`)).toMatchObject({
      ok: false,
      error: 'invalidLength',
      ai: '21',
    });
  });
  it.each([
    ['3100', '000125', 125],
    ['3101', '000125', 12.5],
    ['3102', '001250', 12.5],
    ['3103', '001234', 1.234],
    ['3104', '012345', 1.2345],
    ['3105', '123456', 1.23456],
  ])('%s net weight %s → %f kg', (ai, raw, kg) => {
    const result = ok(`]C101${GTIN}${ai}${raw}`);
    expect(result.netWeightKg).toBe(kg);
    expect(result.elements[1]).toEqual({ ai, raw, value: kg, title: 'NET WEIGHT (kg)' });
  });
  it('310n is 6 digits (predefined length, no separator needed)', () => {
    expect(ok(`]C13103001234${'10'}LOT`)).toMatchObject({ netWeightKg: 1.234, lot: 'LOT' });
    expect(parse(']C1310300123')).toMatchObject({ ok: false, error: 'truncated', ai: '3103' });
    expect(parse(']C131030012A4')).toMatchObject({ ok: false, error: 'invalidCharacter', ai: '3103' });
  });
  it('other known AIs (20, 22, 30, 240, 400, 414 GLN) are validated and kept', () => {
    const result = ok(`]C101${GTIN}2001${'22'}CPV1${GS}305${GS}240ADD${GS}400PO-77${GS}4145412345000013`);
    expect(result.elements.map((e) => [e.ai, e.value, e.title])).toEqual([
      ['01', GTIN, 'GTIN'],
      ['20', '01', 'VARIANT'],
      ['22', 'CPV1', 'CPV'],
      ['30', 5, 'VAR. COUNT'],
      ['240', 'ADD', 'ADDITIONAL ID'],
      ['400', 'PO-77', 'ORDER NUMBER'],
      ['414', '5412345000013', 'GLN'],
    ]);
    expect(parse(']C14145412345000014')).toMatchObject({ ok: false, error: 'invalidCheckDigit', ai: '414' });
  });
});

describe('parseGs1 — unknown AIs', () => {
  it('keeps unknown predefined-length AIs raw with their fixed length', () => {
    const result = ok(`]C103${GTIN}141234561912345604${'1'.repeat(16)}3201001234${'10'}X`);
    expect(result.elements).toEqual([
      { ai: '03', raw: GTIN, value: GTIN },
      { ai: '14', raw: '123456', value: '123456' },
      { ai: '19', raw: '123456', value: '123456' },
      { ai: '04', raw: '1'.repeat(16), value: '1'.repeat(16) },
      { ai: '3201', raw: '001234', value: '001234' },
      { ai: '10', raw: 'X', value: 'X', title: 'BATCH/LOT' },
    ]);
  });
  it('reads unknown variable-length AIs up to the next separator (2-, 3- and 4-digit AIs)', () => {
    const result = ok(
      `]C190INTERNAL-1${GS}253${'4'.repeat(13)}X${GS}7003261231${'10'}${GS}8200https://x.y/z`,
    );
    expect(result.elements).toEqual([
      { ai: '90', raw: 'INTERNAL-1', value: 'INTERNAL-1' },
      { ai: '253', raw: `${'4'.repeat(13)}X`, value: `${'4'.repeat(13)}X` },
      { ai: '7003', raw: '26123110', value: '26123110' },
      { ai: '8200', raw: 'https://x.y/z', value: 'https://x.y/z' },
    ]);
  });
  it('an unassigned AI prefix cannot be split: unknownAi', () => {
    expect(parse(`]C101${GTIN}05123`)).toEqual({
      ok: false,
      error: 'unknownAi',
      position: 19,
      ai: '05',
      text: `01${GTIN}05123`,
    });
  });
  it('a non-digit where an AI must start: invalidAi', () => {
    expect(parse(`]C101${GTIN}A1`)).toMatchObject({ ok: false, error: 'invalidAi', position: 19 });
    expect(parse(`]C131A3001234`)).toMatchObject({ ok: false, error: 'invalidAi', position: 3 });
  });
});

describe('parseGs1 — truncated and malformed data', () => {
  it.each([
    [']C10', 3, 'half an AI'],
    [']C131', 3, 'half a 4-digit AI'],
    [`]C101095060001`, 14, 'GTIN cut short'],
    [`]C101${GTIN}1726`, 23, 'date cut short'],
    [`]C101${GTIN}10`, 21, 'lot AI without data at the end'],
    [`]C101${GTIN}10${GS}`, 21, 'lot AI followed only by FNC1'],
  ])('%j is truncated at %i (%s)', (input, position) => {
    expect(parse(input)).toMatchObject({ ok: false, error: 'truncated', position });
  });
  it('an empty variable field between separators is invalidLength', () => {
    expect(parse(`]C110${GS}21S1`)).toMatchObject({
      ok: false,
      error: 'invalidLength',
      ai: '10',
      position: 5,
    });
  });
  it('a separator inside a fixed-length field is invalidLength at the separator', () => {
    expect(parse(`]C1010950600013${GS}10ABC`)).toMatchObject({
      ok: false,
      error: 'invalidLength',
      ai: '01',
      position: 15,
    });
  });
  it('variable-length fields at the end need no separator', () => {
    expect(ok(`]C101${GTIN}10ABC`).lot).toBe('ABC');
    expect(ok(`]C101${GTIN}21SER`).serial).toBe('SER');
    expect(ok(`]C102${GTIN}3712`).containedCount).toBe(12);
  });
  it('a missing separator makes the lot swallow the next element (caught when too long)', () => {
    // wedge scanners that drop GS: 10 reads to the end
    expect(ok(`]C101${GTIN}10ABC21S1`).lot).toBe('ABC21S1');
    expect(parse(`]C101${GTIN}10ABCDEFGHIJKL21SERIAL0001`)).toMatchObject({
      ok: false,
      error: 'invalidLength',
      ai: '10',
    });
  });
  it('a repeated AI with another value is a duplicate; the same value twice is kept once', () => {
    expect(parse(`]C110A${GS}10B`)).toMatchObject({ ok: false, error: 'duplicateAi', ai: '10', position: 7 });
    const same = ok(`]C101${GTIN}10A${GS}01${GTIN}`);
    expect(same.elements.map((e) => e.ai)).toEqual(['01', '10']);
  });
});

describe('parseGs1 — plain digit strings and non-GS1 data', () => {
  it.each([
    ['5901234123457', '05901234123457', 'EAN-13'],
    ['96385074', '00000096385074', 'EAN-8'],
    ['036000291452', '00036000291452', 'UPC-A'],
    [GTIN, GTIN, 'GTIN-14'],
  ])('%s is a GTIN → %s (%s)', (code, gtin) => {
    expect(parse(code)).toEqual({
      ok: true,
      form: 'gtin',
      gtin,
      elements: [{ ai: '01', raw: code, value: gtin, title: 'GTIN' }],
    });
  });
  it.each([
    ['5901234123458', 'EAN-13 with a wrong check digit'],
    ['96385075', 'EAN-8 with a wrong check digit'],
    ['1234567', 'seven digits'],
    ['ABC-001', 'an index'],
    ['P_12', 'text'],
    ['10ABC', 'looks like AI 10 but has no GS1 marker'],
    ['11260101X', 'looks like AI 11 but has no GS1 marker'],
    [`01${BAD_GTIN}10ABC`, 'unmarked element string with a wrong check digit'],
    [`01${GTIN}05X`, 'unmarked element string that does not parse'],
    ['https://example.com/product/123', 'a URL without a GS1 key'],
    ['', 'empty'],
    ['   ', 'blank'],
  ])('%j is notGs1 (%s)', (input) => {
    const result = parse(input);
    expect(result).toMatchObject({ ok: false, error: 'notGs1', text: input.trim() });
    expect(result).not.toHaveProperty('position');
  });
  it('an unmarked element string starting with 00/01/02 that parses fully is GS1', () => {
    expect(ok(`01${GTIN}17261231${'10'}ABC`)).toMatchObject({
      form: 'elementString',
      gtin: GTIN,
      lot: 'ABC',
    });
    expect(ok(`00${SSCC}`)).toMatchObject({ sscc: SSCC });
    expect(ok(`01${GTIN}10ABC~21S1`, '~')).toMatchObject({ lot: 'ABC', serial: 'S1' });
  });
  it('never throws on odd input', () => {
    for (const input of [
      '(',
      '()',
      '(1)',
      '(01',
      ']',
      ']C',
      ']C1(',
      `${GS}${GS}`,
      '~',
      'http://',
      'https://x/01/',
    ]) {
      expect(() => parseGs1(input, { today, fnc1Substitute: '~' })).not.toThrow();
    }
  });
});

describe('parseGs1 — GS1 Digital Link', () => {
  it('reads path keys and AI query parameters, ignoring others', () => {
    expect(
      parse(`https://id.gs1.org/01/${GTIN}/10/AB%2F1/21/S1?17=261231&3103=001500&linkType=gs1:pip#x`),
    ).toEqual({
      ok: true,
      form: 'digitalLink',
      gtin: GTIN,
      lot: 'AB/1',
      serial: 'S1',
      expiryDate: '2026-12-31',
      netWeightKg: 1.5,
      elements: [
        { ai: '01', raw: GTIN, value: GTIN, title: 'GTIN' },
        { ai: '10', raw: 'AB/1', value: 'AB/1', title: 'BATCH/LOT' },
        { ai: '21', raw: 'S1', value: 'S1', title: 'SERIAL' },
        { ai: '17', raw: '261231', value: '2026-12-31', title: 'USE BY OR EXPIRY' },
        { ai: '3103', raw: '001500', value: 1.5, title: 'NET WEIGHT (kg)' },
      ],
    });
  });
  it('accepts a custom path before the key and a zero-suppressed GTIN-13', () => {
    expect(ok('https://brand.example.com/shop/01/5901234123457')).toMatchObject({ gtin: '05901234123457' });
    expect(ok(`HTTPS://id.gs1.org/00/${SSCC}`)).toMatchObject({ sscc: SSCC });
    expect(ok('https://id.gs1.org/01/96385074')).toMatchObject({ gtin: '00000096385074' });
    // only GTIN-8/12/13 may be zero-suppressed
    expect(parse('https://id.gs1.org/01/00000')).toMatchObject({
      ok: false,
      error: 'invalidLength',
      ai: '01',
    });
  });
  it('validates the values', () => {
    expect(parse(`https://id.gs1.org/01/${BAD_GTIN}`)).toEqual({
      ok: false,
      error: 'invalidCheckDigit',
      ai: '01',
      text: `https://id.gs1.org/01/${BAD_GTIN}`,
    });
    expect(parse(`https://id.gs1.org/01/${GTIN}?17=261332`)).toMatchObject({
      ok: false,
      error: 'invalidDate',
      ai: '17',
    });
    expect(parse(`https://id.gs1.org/01/${GTIN}/10/%E0%A4%A`)).toMatchObject({
      ok: false,
      error: 'invalidCharacter',
    });
    expect(parse(`https://id.gs1.org/01/${GTIN}/1X/ABC`)).toMatchObject({
      ok: false,
      error: 'invalidAi',
      ai: '1X',
    });
  });
});

describe('parseGs1 — century rule uses opts.today', () => {
  it.each([
    ['2026-05-14', '76', '2076'],
    ['2026-05-14', '77', '1977'],
    ['2080-01-01', '30', '2130'],
    ['2080-01-01', '31', '2031'],
    ['2000-06-30', '50', '2050'],
    ['2000-06-30', '51', '1951'],
  ])('today %s: YY %s → %s', (todayIso, yy, year) => {
    const result = parseGs1(`]C101${GTIN}17${yy}0615`, { today: todayIso });
    expect(result).toMatchObject({ ok: true, expiryDate: `${year}-06-15` });
  });
  it('accepts a Date as today', () => {
    expect(parseGs1(`]C101${GTIN}17770615`, { today: new Date(2026, 4, 14) })).toMatchObject({
      expiryDate: '1977-06-15',
    });
  });
  it('refuses a malformed today (programming error)', () => {
    expect(() => parseGs1(`]C101${GTIN}`, { today: 'today' })).toThrow(RangeError);
    expect(() => parseGs1(`]C101${GTIN}`, { today: new Date(Number.NaN) })).toThrow(RangeError);
  });
});
