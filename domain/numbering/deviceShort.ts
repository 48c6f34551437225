/**
 * The short device code inside working-copy numbers. Two devices must never get the same code, so:
 * - an id that already is a short code (1–8 characters of 0–9, A–Z, e.g. 'T01') is used as it is;
 * - any other id (a UUID, …) becomes exactly 10 characters of 0–9, A–Z: its 64-bit FNV-1a hash in
 *   base 36, cut to 10 characters (≈ 51 bits: a clash among a million devices has odds ~ 1 : 10⁴).
 * The two forms differ in length, so a hashed id never equals a short code.
 */
const shortCode = /^[0-9A-Z]{1,8}$/;
const mask64 = 0xffff_ffff_ffff_ffffn;

const fnv1a64 = (text: string): bigint => {
  let hash = 0xcbf2_9ce4_8422_2325n;
  for (let i = 0; i < text.length; i++) {
    hash ^= BigInt(text.charCodeAt(i));
    hash = (hash * 0x100_0000_01b3n) & mask64;
  }
  return hash;
};

export const deviceShortCode = (deviceId: string): string => {
  if (deviceId === '') throw new RangeError('deviceShortCode: empty device id');
  if (shortCode.test(deviceId)) return deviceId;
  return fnv1a64(deviceId).toString(36).toUpperCase().padStart(13, '0').slice(-10);
};
