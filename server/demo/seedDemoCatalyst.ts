import { saveCatalyst } from '../catalyst/catalystWrite';
import { recordQuotes } from '../catalyst/rates/quotes';
import { saveRecyclingConfig } from '../catalyst/recyclingConfig';
import { inUnit } from '../catalyst/unitOfWork';
import type { AppContext } from '../context';
import { ResourceService } from '../resources/resourceService';
import type { Scope } from '../resources/scope';
import { demoRandom } from './demoRandom';

/** The demo's catalyst client accounts (the mobile app's users); they sign in at /catalyst-client. */
export const demoCatalystClients = { full: 'buyer-full', basic: 'buyer-basic' } as const;

export interface DemoCatalyst {
  readonly catalysts: number;
  readonly clients: number;
}

const producers = ['Bosal', 'Walker', 'Eberspächer', 'Tenneco', 'Faurecia'];
const carGroups = ['Ceramic, petrol', 'Ceramic, diesel', 'Metallic (foil)', 'DPF'];

/**
 * The catalyst module's demo: metal rates Pt, Pd, Rh with quotes and a USD/EUR exchange rate, producers
 * and catalyst groups, 60 catalysts with metal content, and two client groups — "Full view" (prices,
 * weights, components, rates, cart; account buyer-full) and "Names only" (no prices; account
 * buyer-basic) — both with the demo password. Written as the demo admin, through the module's own rules.
 */
export const seedDemoCatalyst = async (
  ctx: AppContext,
  scope: Scope,
  password: string,
  now: Date,
): Promise<DemoCatalyst> => {
  const service = (name: string) => {
    const def = ctx.schema.definitions.find((d) => d.name === name);
    if (!def) throw new Error(`missing resource ${name}`);
    return new ResourceService(ctx, def);
  };
  const rnd = demoRandom(20261125);
  const metals: Record<string, string> = {};
  const metalRules: [string, string, number][] = [
    ['Platinum', 'Pt', 29.4],
    ['Palladium', 'Pd', 33.1],
    ['Rhodium', 'Rh', 142.5],
  ];
  for (const [name, shortName] of metalRules) {
    const row = await service('companyStockRateRule').create(scope, {
      name,
      shortName,
      quoteCurrency: 'USD',
      returnRate: shortName === 'Rh' ? 85 : 95,
      valueMultiplier: 0.9,
      updateHours: ['08:00', '14:00'],
    });
    metals[shortName] = String(row.id);
  }
  const usd = await service('companyCurrencyRateRule').create(scope, {
    pairName: 'USD/EUR',
    pairFullName: 'US dollar in euro',
  });
  // One kind of rate per call: exchange rates first, so metal rates quoted in USD convert at once.
  await inUnit(ctx, (unit) =>
    recordQuotes(unit, scope.clientAccountId, [
      { kind: 'currency', rateId: String(usd.id), price: 0.92, at: now, source: 'manual' },
    ]),
  );
  await inUnit(ctx, (unit) =>
    recordQuotes(
      unit,
      scope.clientAccountId,
      metalRules.map(([, shortName, price]) => ({
        kind: 'metal' as const,
        rateId: metals[shortName] ?? '',
        price,
        at: now,
        source: 'manual' as const,
      })),
    ),
  );

  const producerIds: string[] = [];
  for (const name of producers)
    producerIds.push(String((await service('catalystProducer').create(scope, { name })).id));
  const groupIds: string[] = [];
  for (const name of carGroups)
    groupIds.push(String((await service('catalystGroup').create(scope, { name })).id));

  let catalysts = 0;
  for (let i = 1; i <= 60; i++) {
    const producerId = producerIds[i % producerIds.length];
    const weight = Math.round((0.8 + rnd.next() * 2.4) * 1000) / 1000;
    await inUnit(ctx, (unit) =>
      saveCatalyst(unit, scope, {
        name: `${producers[i % producers.length]} ${1000 + i * 7}`,
        serialNumbers: [`SN${String(100000 + i * 131)}`, `KT-${i.toString().padStart(3, '0')}`],
        producerId,
        catalystGroupId: groupIds[i % groupIds.length],
        weight,
        ceramicWeight: Math.round(weight * 0.8 * 1000) / 1000,
        humidity: Math.round(rnd.next() * 60) / 10,
        processingCost: 4,
        hiddenFromClients: i % 20 === 0,
        productStockContent: [
          { baseStockId: metals.Pt, gramsPerKg: Math.round(rnd.next() * 30) / 10 },
          { baseStockId: metals.Pd, gramsPerKg: Math.round(rnd.next() * 50) / 10 },
          { baseStockId: metals.Rh, gramsPerKg: Math.round(rnd.next() * 6) / 10 },
        ],
      }),
    );
    catalysts++;
  }

  const full = await service('catalystUserGroup').create(scope, {
    name: 'Full view',
    devicesLimit: 3,
    canDisplayPrices: true,
    canDisplayWeight: true,
    canDisplayComponents: true,
    canDisplayExchangeRates: true,
    canDispalyStockRates: true,
    canUseCart: true,
  });
  const basic = await service('catalystUserGroup').create(scope, {
    name: 'Names only',
    devicesLimit: 1,
    canDisplayPrices: false,
    canDisplayWeight: false,
  });
  await ctx.db.transaction(async (tx) => {
    const groups = ctx.schema.resourceTables.catalystUserGroup;
    if (!groups) throw new Error('catalystUserGroup table is required');
    await saveRecyclingConfig(tx, scope.clientAccountId, groups, {
      currency: 'EUR',
      priceUnit: 'g',
      defaultUserGroupId: String(basic.id),
    });
  });
  const clients = service('catalystClientUser');
  await clients.create(scope, {
    username: demoCatalystClients.full,
    name: 'Bruno Buyer',
    password,
    userGroupId: String(full.id),
  });
  await clients.create(scope, {
    username: demoCatalystClients.basic,
    name: 'Berta Basic',
    password,
    userGroupId: String(basic.id),
  });
  return { catalysts, clients: 2 };
};
