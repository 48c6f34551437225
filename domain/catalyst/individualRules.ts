import type { PricingCatalyst, PricingRule } from './pricing';

type Target = Pick<PricingCatalyst, 'id' | 'catalystGroupId' | 'producerId'>;

/** A rule applies when each of its set conditions holds: its client, group, catalyst, catalyst group, producer. */
const applies = (
  rule: PricingRule,
  catalyst: Target,
  clientUserId: string | null,
  userGroupId: string | null,
) =>
  (rule.clientUserId === null || rule.clientUserId === clientUserId) &&
  (rule.userGroupId === null || rule.userGroupId === userGroupId) &&
  (rule.catalystId === null || rule.catalystId === catalyst.id) &&
  (rule.catalystGroupId === null || rule.catalystGroupId === catalyst.catalystGroupId) &&
  (rule.producerId === null || rule.producerId === catalyst.producerId);

/** For whom: one client account before a client group before every client. */
const ownerRank = (rule: PricingRule) => (rule.clientUserId !== null ? 0 : rule.userGroupId !== null ? 1 : 2);
/** On what: one catalyst before a catalyst group before a producer before every catalyst. */
const targetRank = (rule: PricingRule) =>
  rule.catalystId !== null ? 0 : rule.catalystGroupId !== null ? 1 : rule.producerId !== null ? 2 : 3;

/**
 * The individual rule that prices a catalyst for a client: of the rules that apply, the most specific —
 * the client's own before its group's before the company-wide ones, and within each a rule on the catalyst
 * before one on its catalyst group, its producer, or every catalyst. Ties go to the rule with the smaller
 * id, so the choice never depends on the order rules were read in.
 */
export const pickRule = (
  rules: readonly PricingRule[],
  catalyst: Target,
  clientUserId: string | null,
  userGroupId: string | null,
): PricingRule | undefined => {
  let best: { rule: PricingRule; rank: number } | undefined;
  for (const rule of rules) {
    if (!applies(rule, catalyst, clientUserId, userGroupId)) continue;
    const rank = ownerRank(rule) * 10 + targetRank(rule);
    if (!best || rank < best.rank || (rank === best.rank && rule.id < best.rule.id)) best = { rule, rank };
  }
  return best?.rule;
};
