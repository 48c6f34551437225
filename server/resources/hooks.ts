import { AppError } from '../../domain/errors';
import { sessionVersionOf } from '../auth/claimsOf';
import { hashPassword } from '../auth/password';
import { revokeUserSessions } from '../auth/refreshTokens';
import { catalystResourceHooks } from '../catalyst/catalystHooks';
import { assertCarrierLink } from '../shipping/carrierLink';
import { assertNotOwnAncestor } from '../warehouse/records/locationTree';
import { barcodesOf, distinctBarcodes, replaceProductBarcodes } from '../warehouse/records/productBarcodes';
import type { ResourceHooks } from './hookTypes';
import type { Row } from './rows';

export type { ResourceHooks, WriteArgs } from './hookTypes';

const userHooks: ResourceHooks = {
  async beforeWrite({ scope, values, existing, tx }) {
    const out: Row = { ...values };
    const isSuper = scope.claims.IsSuperUser;
    await assertCarrierLink(tx, scope.clientAccountId, { ...existing, ...values });
    // Only a super user may create super users or change one.
    if (!isSuper && (out.isSuperUser === true || existing?.isSuperUser === true))
      throw new AppError('forbidden');
    if (existing?.id === scope.userId) {
      if (out.isBlocked === true)
        throw new AppError('forbidden', { fields: [{ field: 'isBlocked', rule: 'invalidValue' }] });
      if (existing.isSuperUser === true && out.isSuperUser === false)
        throw new AppError('forbidden', { fields: [{ field: 'isSuperUser', rule: 'invalidValue' }] });
    }
    const password = typeof out.password === 'string' ? out.password : undefined;
    delete out.password;
    if (password) out.passwordHash = await hashPassword(password);
    else if (!existing)
      throw new AppError('formHasErrors', { fields: [{ field: 'password', rule: 'required' }] });
    if (!existing) {
      out.createdDate = new Date();
      out.isActivated = true;
    }
    // Blocked, or given a password by someone else: the user's sessions end now — their access tokens on the
    // next request (server/auth/userAccess.ts), their refresh tokens here.
    const blocked = existing && out.isBlocked === true && existing.isBlocked !== true;
    const passwordSetByOther = existing && password && existing.id !== scope.userId;
    if (existing && (blocked || passwordSetByOther)) {
      out.sessionEpoch = sessionVersionOf(existing) + 1;
      await revokeUserSessions(tx, String(existing.id));
    }
    return out;
  },
  async beforeDelete({ scope, existing, tx }) {
    if (existing.id === scope.userId) throw new AppError('forbidden');
    if (existing.isSuperUser === true && !scope.claims.IsSuperUser) throw new AppError('forbidden');
    await revokeUserSessions(tx, String(existing.id));
  },
};

// ---- Warehouse records ----

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/** Products: every barcode unique within the account (product_barcode). */
const productHooks: ResourceHooks = {
  async beforeWrite({ values }) {
    // One code twice (or an EAN-13 and its GTIN-14) is one barcode.
    return 'barcodes' in values
      ? { ...values, barcodes: distinctBarcodes(barcodesOf(values.barcodes)) }
      : values;
  },
  async afterWrite({ scope, row, existing, tx }) {
    const barcodes = barcodesOf(row.barcodes);
    if (existing && sameList(barcodesOf(existing.barcodes), barcodes)) return;
    await replaceProductBarcodes(tx, scope.clientAccountId, String(row.id), barcodes);
  },
};

/** Locations: the tree has no cycles; the map schema goes with the location. */
const storageSpaceHooks: ResourceHooks = {
  async beforeWrite({ scope, values, existing, tx }) {
    const parentId = typeof values.parentId === 'string' ? values.parentId : null;
    if (existing && parentId && parentId !== existing.parentId)
      await assertNotOwnAncestor(tx, scope.clientAccountId, String(existing.id), parentId);
    return values;
  },
};

export const resourceHooks: Readonly<Record<string, ResourceHooks>> = {
  user: userHooks,
  product: productHooks,
  storageSpace: storageSpaceHooks,
  ...catalystResourceHooks,
};
