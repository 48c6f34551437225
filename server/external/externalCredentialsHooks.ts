import { sealSecret } from '../office/secrets';
import type { Row } from '../resources/rows';

/** What the activation checked: changing any of these makes the credentials inactive again. */
const connectionFields = ['serviceType', 'baseUrl', 'username', 'secret'] as const;

/**
 * External credentials: the secret is sealed before it is stored (an empty one on edit keeps the stored one);
 * new credentials, and credentials whose connection changed, wait for an activation.
 */
export const externalCredentialsHooks = {
  async beforeWrite({
    values,
    existing,
    secretsKey,
  }: {
    readonly values: Row;
    readonly existing: Row | undefined;
    readonly secretsKey: string;
  }): Promise<Row> {
    const out: Row = { ...values };
    if (typeof out.secret === 'string' && out.secret !== '') out.secret = sealSecret(secretsKey, out.secret);
    const changed =
      !existing ||
      connectionFields.some((f) => f in values && (f === 'secret' ? true : values[f] !== existing[f]));
    if (changed) {
      out.isActive = false;
      out.refreshTokenValidity = null;
      out.activationCodeHash = null;
      out.activationCodeValidUntil = null;
    }
    return out;
  },
};
