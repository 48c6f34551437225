import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ClientCatalyst } from '../../domain/catalyst/clientView';
import { AppError } from '../../domain/errors';
import { isUuid } from '../../domain/rowValues';
import type { Executor, Tx } from '../db/client';
import { rowsOf } from '../db/rawRows';
import { priceRow, readCatalogueRows, viewRows } from './clientCatalogue';
import type { PricingSnapshot } from './pricingSnapshot';
import type { CatalystUnit } from './unitOfWork';

export const quantitySchema = z.coerce.number().int().min(0).max(10_000);

/** Who owns the cart: a client of a company, whose group must have the cart. */
export interface CartOwner {
  readonly clientAccountId: string;
  readonly clientUserId: string;
}

/** The client's view of its cart: lines as it sees the catalysts; a total only when it may see prices. */
export interface ClientCart {
  readonly id: string | null;
  readonly status: 'open' | 'submitted';
  readonly lines: readonly (ClientCatalyst & { readonly quantity: number })[];
  readonly quantity: number;
  readonly total?: number | null;
  readonly currency?: string;
  readonly submittedAt?: string | null;
}

export const assertCart = (snapshot: PricingSnapshot): void => {
  if (!snapshot.group.canUseCart) throw new AppError('cartDisabled');
};

const openCartId = async (tx: Tx, owner: CartOwner, create: boolean): Promise<string | undefined> => {
  const [found] = rowsOf(
    await tx.execute(
      sql`select id from catalyst_cart where client_user_id = ${owner.clientUserId}::uuid and status = 'open' for update`,
    ),
  );
  if (found || !create) return found ? String(found.id) : undefined;
  const [made] = rowsOf(
    await tx.execute(sql`
      insert into catalyst_cart (client_account_id, client_user_id) values (${owner.clientAccountId}::uuid, ${owner.clientUserId}::uuid)
      on conflict (client_user_id) where status = 'open' do update set updated_at = now()
      returning id`),
  );
  return made ? String(made.id) : undefined;
};

/** Counts kept on the cart row for the staff list. */
const recount = async (tx: Tx, cartId: string) => {
  await tx.execute(sql`
    update catalyst_cart set updated_at = now(),
      line_count = (select count(*) from catalyst_cart_line where cart_id = ${cartId}::uuid),
      quantity = coalesce((select sum(quantity) from catalyst_cart_line where cart_id = ${cartId}::uuid), 0)
    where id = ${cartId}::uuid`);
};

/** A catalyst the client can see (same company, not hidden); 404 otherwise. */
const assertVisible = async (tx: Tx, owner: CartOwner, catalystId: string) => {
  if (!isUuid(catalystId)) throw new AppError('notFoundOrNoPermission');
  const found = rowsOf(
    await tx.execute(sql`select 1 from catalyst where id = ${catalystId}::uuid
      and client_account_id = ${owner.clientAccountId}::uuid and hidden_from_clients = false`),
  );
  if (!found.length) throw new AppError('notFoundOrNoPermission');
};

/**
 * Changes the quantity of a catalyst in the client's open cart: `add` adds to what is there, else it is set;
 * 0 removes the line. The cart is made when the first line goes in.
 */
export const changeCartLine = async (
  unit: CatalystUnit,
  owner: CartOwner,
  catalystId: string,
  quantity: number,
  mode: 'add' | 'set',
): Promise<void> => {
  await assertVisible(unit.tx, owner, catalystId);
  const cartId = await openCartId(unit.tx, owner, quantity > 0);
  if (!cartId) return;
  if (mode === 'set' && quantity === 0)
    await unit.tx.execute(
      sql`delete from catalyst_cart_line where cart_id = ${cartId}::uuid and catalyst_id = ${catalystId}::uuid`,
    );
  else if (quantity > 0) {
    const added =
      mode === 'add' ? sql`catalyst_cart_line.quantity + excluded.quantity` : sql`excluded.quantity`;
    await unit.tx.execute(sql`
      insert into catalyst_cart_line (cart_id, catalyst_id, quantity) values (${cartId}::uuid, ${catalystId}::uuid, ${quantity})
      on conflict (cart_id, catalyst_id) do update set quantity = least(${added}, 10000)`);
  }
  await recount(unit.tx, cartId);
  unit.changes.push({
    clientAccountId: owner.clientAccountId,
    resourceType: 'catalystCart',
    id: cartId,
    action: 'update',
  });
};

/** The lines of a cart: catalyst id, quantity and (submitted carts) the price it was sent at. */
const linesOf = async (db: Executor, cartId: string) =>
  rowsOf(
    await db.execute(
      sql`select catalyst_id, quantity, price from catalyst_cart_line where cart_id = ${cartId}::uuid order by added_at, catalyst_id`,
    ),
  ).map((r) => ({
    catalystId: String(r.catalyst_id),
    quantity: Number(r.quantity),
    price: r.price === null ? null : Number(r.price),
  }));

/** The client's open cart as it sees it: prices of now (when it may see them), its group's fields. */
export const readClientCart = async (
  db: Executor,
  snapshot: PricingSnapshot,
  owner: CartOwner,
): Promise<ClientCart> => {
  const [cart] = rowsOf(
    await db.execute(
      sql`select id from catalyst_cart where client_user_id = ${owner.clientUserId}::uuid and status = 'open'`,
    ),
  );
  const lines = cart ? await linesOf(db, String(cart.id)) : [];
  const quantities = new Map(lines.map((l) => [l.catalystId, l.quantity]));
  const rows = lines.length
    ? await readCatalogueRows(
        db,
        snapshot,
        { clientAccountId: owner.clientAccountId, ids: lines.map((l) => l.catalystId) },
        {},
      )
    : [];
  const views = viewRows(snapshot, rows, owner.clientUserId).map((v) => ({
    ...v,
    cartQuantity: quantities.get(v.id) ?? 0,
    quantity: quantities.get(v.id) ?? 0,
  }));
  const out: { -readonly [K in keyof ClientCart]: ClientCart[K] } = {
    id: cart ? String(cart.id) : null,
    status: 'open',
    lines: views,
    quantity: views.reduce((s, v) => s + v.quantity, 0),
  };
  if (snapshot.group.canDisplayPrices) {
    const prices = views.map((v) => (typeof v.price === 'number' ? v.price * v.quantity : null));
    out.total = prices.some((p) => p === null) ? null : prices.reduce<number>((s, p) => s + (p ?? 0), 0);
    out.currency = snapshot.config.currency;
  }
  return out;
};

/**
 * Sends the open cart to the company: each line keeps the price of this moment (computed for the client,
 * whether it sees prices or not), the cart its total; 409 cartEmpty when it has no line.
 */
export const submitCart = async (
  unit: CatalystUnit,
  snapshot: PricingSnapshot,
  owner: CartOwner,
  now: Date,
): Promise<string> => {
  const cartId = await openCartId(unit.tx, owner, false);
  const lines = cartId ? await linesOf(unit.tx, cartId) : [];
  if (!cartId || lines.length === 0) throw new AppError('cartEmpty');
  const rows = await readCatalogueRows(
    unit.tx,
    snapshot,
    { clientAccountId: owner.clientAccountId, ids: lines.map((l) => l.catalystId), includeHidden: true },
    {},
  );
  let total: number | null = 0;
  for (const line of lines) {
    const row = rows.find((r) => r.entry.id === line.catalystId);
    const price = row ? priceRow(snapshot, row, owner.clientUserId).price : null;
    total = total === null || price === null ? null : total + price * line.quantity;
    await unit.tx.execute(sql`update catalyst_cart_line set price = ${price}
      where cart_id = ${cartId}::uuid and catalyst_id = ${line.catalystId}::uuid`);
  }
  await recount(unit.tx, cartId);
  await unit.tx.execute(sql`update catalyst_cart set status = 'submitted', submitted_at = ${now.toISOString()}::timestamptz,
    total = ${total}, currency = ${snapshot.config.currency} where id = ${cartId}::uuid`);
  unit.changes.push({
    clientAccountId: owner.clientAccountId,
    resourceType: 'catalystCart',
    id: cartId,
    action: 'update',
  });
  return cartId;
};

/** A cart with its lines for staff: every line with its catalyst's name and the price it was sent at. */
export const readCartForStaff = async (db: Executor, clientAccountId: string, cartId: string) => {
  if (!isUuid(cartId)) throw new AppError('notFoundOrNoPermission');
  const [cart] = rowsOf(
    await db.execute(sql`select c.*, u.username, u.name as client_name from catalyst_cart c
      join catalyst_client_user u on u.id = c.client_user_id
      where c.id = ${cartId}::uuid and c.client_account_id = ${clientAccountId}::uuid`),
  );
  if (!cart) throw new AppError('notFoundOrNoPermission');
  const lines = rowsOf(
    await db.execute(sql`select l.catalyst_id, l.quantity, l.price, k.name, k.serial_numbers from catalyst_cart_line l
      join catalyst k on k.id = l.catalyst_id where l.cart_id = ${cartId}::uuid order by l.added_at, l.catalyst_id`),
  );
  return { cart, lines };
};
