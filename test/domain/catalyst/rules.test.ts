import { describe, expect, it } from 'vitest';
import { clientRatesView } from '../../../domain/catalyst/clientView';
import { pickRule } from '../../../domain/catalyst/individualRules';
import { roundPrice } from '../../../domain/catalyst/rounding';
import { aMetal, aRule } from './fixtures';

const catalyst = { id: 'cat', catalystGroupId: 'cg', producerId: 'pr' };

describe('which individual rule applies', () => {
  const rules = [
    aRule({ id: '1', userGroupId: 'g' }),
    aRule({ id: '2', userGroupId: 'g', producerId: 'pr' }),
    aRule({ id: '3', userGroupId: 'g', catalystGroupId: 'cg' }),
    aRule({ id: '4', userGroupId: 'g', catalystId: 'cat' }),
    aRule({ id: '5', clientUserId: 'c' }),
    aRule({ id: '6', clientUserId: 'c', producerId: 'pr' }),
    aRule({ id: '7', clientUserId: 'other', catalystId: 'cat' }),
    aRule({ id: '8', userGroupId: 'g', catalystId: 'other' }),
    aRule({ id: '9', catalystId: 'cat' }),
  ];
  const without = (...ids: string[]) => rules.filter((r) => !ids.includes(r.id));

  it("takes the client's own most specific rule first", () =>
    expect(pickRule(rules, catalyst, 'c', 'g')?.id).toBe('6'));
  it("then the group's most specific rule", () => {
    expect(pickRule(rules, catalyst, 'nobody', 'g')?.id).toBe('4');
    expect(pickRule(without('4'), catalyst, null, 'g')?.id).toBe('3');
    expect(pickRule(without('3', '4'), catalyst, null, 'g')?.id).toBe('2');
    expect(pickRule(without('2', '3', '4'), catalyst, null, 'g')?.id).toBe('1');
  });
  it('then a company-wide rule', () => expect(pickRule(rules, catalyst, 'x', 'y')?.id).toBe('9'));
  it("never takes another client's or group's rule, nor one on another catalyst", () => {
    expect(pickRule(without('9'), catalyst, 'x', 'y')).toBeUndefined();
    expect(
      pickRule([aRule({ id: 'a', userGroupId: 'g', catalystId: 'other' })], catalyst, null, 'g'),
    ).toBeUndefined();
  });
  it('needs every condition a rule sets', () => {
    const both = aRule({ id: 'b', clientUserId: 'c', userGroupId: 'g' });
    expect(pickRule([both], catalyst, 'c', 'g')?.id).toBe('b');
    expect(pickRule([both], catalyst, 'c', 'other')).toBeUndefined();
  });
  it('breaks a tie by id, not by order', () => {
    const a = aRule({ id: 'a', userGroupId: 'g' });
    const b = aRule({ id: 'b', userGroupId: 'g' });
    expect(pickRule([b, a], catalyst, null, 'g')?.id).toBe('a');
    expect(pickRule([a, b], catalyst, null, 'g')?.id).toBe('a');
  });
});

describe('rounding', () => {
  it('rounds as written, not as the binary fraction', () => {
    expect(roundPrice(1.005, 2, 'nearest')).toBe(1.01);
    expect(roundPrice(1.004999, 2, 'nearest')).toBe(1);
    expect(roundPrice(2.675, 2, 'nearest')).toBe(2.68);
  });
  it('rounds down and up', () => {
    expect(roundPrice(9.999, 2, 'down')).toBe(9.99);
    expect(roundPrice(9.991, 2, 'up')).toBe(10);
    expect(roundPrice(0.1 + 0.2, 1, 'down')).toBe(0.3);
  });
  it('rounds to whole units', () => expect(roundPrice(12.5, 0, 'nearest')).toBe(13));
});

describe('the rates a client sees', () => {
  const metals = [
    {
      ...aMetal({ id: 'pt', shortName: 'Pt', marketRate: 30 }),
      name: 'Platinum',
      marketPhase: null,
      at: null,
    },
  ];
  const exchanges = [
    { pairName: 'USD/EUR', marketPrice: 0.9, multiplier: 1, constantValue: 0, pairFullName: null, at: null },
  ];
  const group = { id: 'g', stockRateMultiplyValue: 0.5, currencyRateMultiplyValue: 2 };
  const config = { currency: 'EUR', priceUnit: 'ozt', gramsPerUnit: 31.1034768 };
  it('has neither list when both flags are off', () => {
    const view = clientRatesView(
      metals,
      exchanges,
      { canDispalyStockRates: false, canDisplayExchangeRates: false },
      group,
      config,
    );
    expect(view).toEqual({});
  });
  it("gives the group's rates per the configured unit", () => {
    const view = clientRatesView(
      metals,
      exchanges,
      { canDispalyStockRates: true, canDisplayExchangeRates: true },
      group,
      config,
    );
    expect(view.metals?.[0]?.rate).toBeCloseTo(30 * 0.5 * 31.1034768, 9);
    expect(view.exchangeRates?.[0]?.price).toBeCloseTo(1.8, 12);
  });
});
