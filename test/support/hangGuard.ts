/**
 * The time limit of a test whose work is a fixed budget of cases (property tests, the route fuzzer, the
 * migration walk): only a guard against a hang, never a speed check. Generous on purpose: on a saturated
 * machine (`npm run test:busy` beside other work) a 10-minute limit fired mid-run, and a test cut off while
 * its loop still runs reports the closed app or database as failures of its own.
 */
export const hangGuardMs = 30 * 60_000;
