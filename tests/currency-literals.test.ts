/**
 * Issue 15: the currency is the operator profile's (packages/operator/src/profiles), or the account's
 * where an amount comes from data; a 'CZK' string in the code is a jurisdiction hard-coded. This scan
 * fails on a new one outside the profiles, the tests and the allow-list below. Each entry says why CZK
 * is right there (mostly: the law states that amount in CZK) or which issue removes it; an entry may
 * only shrink. Counts are of "CZK" or 'CZK' string literals per file.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

const allowed: Readonly<Record<string, { count: number; why: string }>> = {
  // The law's own unit.
  'packages/limits/src/change-limit.ts': { count: 1, why: 'self-limits are set in CZK (004:SLM-03, REG-22)' },
  'packages/wire/src/limits.ts': { count: 1, why: 'self-limits are stated in CZK (004:SLM-03)' },
  'packages/limits/src/usage-entries.ts': {
    count: 3,
    why: 'usage is counted in CZK, converted stakes included (004:SLM-03, by-capability §6d limits.currency)',
  },
  'packages/limits/src/record-play-activity.ts': { count: 1, why: "a play session's net result against CZK limits (004:SLM-03)" },
  'packages/limits/src/playing-time-today.ts': { count: 1, why: "a play session's net result against CZK limits (004:SLM-03)" },
  'packages/limits/src/usage.ts': { count: 1, why: 'usage is counted in CZK (004:SLM-03)' },
  'packages/limits/src/allowances.ts': { count: 3, why: 'allowances are CZK limits (004:SLM-03)' },
  'packages/limits/src/authorize-stake.ts': { count: 1, why: 'the remaining CZK allowance (004:SLM-03)' },
  'apps/player-api/src/routes/registration.ts': { count: 1, why: 'self-limits at registration are set in CZK (004:REG-22)' },
  'apps/admin-api/src/routes/branch-contracts.ts': { count: 1, why: 'self-limits at a branch are set in CZK (004:REG-22)' },
  'apps/player-api/src/routes/limits.view.ts': { count: 2, why: 'self-limit usage in CZK (004:SLM-03)' },
  'apps/player-api/src/routes/me.ts': { count: 2, why: "the temporary account's cap is stated in CZK (004:TMP-03)" },
  'apps/game-service/src/routes/common.schema.ts': { count: 1, why: 'tables play in CZK (004:BET-05)' },
  'packages/cashier/src/create-deposit.ts': { count: 2, why: "the temporary account's cap is stated in CZK (004:TMP-03)" },
  'packages/cashier/src/caps.ts': { count: 1, why: "004 §3.6.3's caps table is stated in CZK" },
  'packages/operator/src/validate.ts': {
    count: 2,
    why: "the law's bounds are stated in CZK; the wallets' currencies until issue 26",
  },
  // Definitions and examples.
  'packages/core/src/currency.ts': { count: 2, why: 'the currency catalogue' },
  'packages/core/src/movement-amount.ts': { count: 1, why: 'an example in a comment' },
  'packages/http/src/schemas.ts': { count: 1, why: 'an example in the OpenAPI description' },
  'packages/ledger/src/crash-workload.ts': { count: 1, why: 'the crash-test workload (test tooling)' },
  'packages/cashier/src/context.ts': {
    count: 1,
    why: "the package's own tests run as 004 (CZK); the apps get the profile's currency from composeContexts",
  },
  // Single-currency wallets until issue 26 (multi-currency wallets, D-1512); files other issue 15 items are changing.
  'packages/cashier/src/accounts.ts': { count: 5, why: 'account look-ups default to CZK wallets (issue 26)' },
  'packages/cashier/src/request-withdrawal.ts': { count: 3, why: 'CZK wallets (issue 26)' },
  'packages/cashier/src/credit-deposit.ts': { count: 1, why: 'CZK wallets (issue 26)' },
  'packages/cashier/src/deposit-events.ts': { count: 1, why: 'CZK wallets (issue 26)' },
  'packages/cashier/src/debt.ts': { count: 5, why: 'the debt account is CZK (issue 26; issue 15 ledger boundaries)' },
  'packages/cashier/src/views.ts': { count: 2, why: 'player_debt has no currency column (issue 26)' },
  'packages/cashier/src/verification-events.ts': { count: 2, why: 'CZK wallets (issue 26)' },
  'packages/players/src/complete-registration.ts': { count: 1, why: "the player's cash wallet is CZK (issue 26)" },
  'packages/players/src/temporary-account.ts': {
    count: 8,
    why: 'the temporary account is CZK by law (004:TMP-03) and its wallet CZK (issue 26)',
  },
};

const excluded = [
  /\.test\.ts$/,
  /(^|[-/])test-support\.ts$/,
  /^packages\/test-support\//,
  /\/testing\.ts$/,
  /\/testing\//,
  /\/generated\//,
  /^packages\/operator\/src\/profiles\//,
  // The poker rule profiles are operator profiles too (issue 16): their amounts are stated per currency.
  /^packages\/operator\/src\/poker-rooms\//,
];

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(path.join(root, dir), { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((file) => /^(packages|apps)\/[^/]+\/src\//.test(file) && !excluded.some((pattern) => pattern.test(file)));
}

describe('currency literals (issue 15)', () => {
  it("issue 15: no 'CZK' literal in the code outside the operator profiles, the tests and the allow-list (where CZK is the law's own unit or waits for issue 26)", async () => {
    const files = [...(await sourceFiles('packages')), ...(await sourceFiles('apps'))];
    expect(files.length).toBeGreaterThan(100);
    const found: Record<string, number> = {};
    for (const file of files) {
      const count = (await readFile(path.join(root, file), 'utf8')).match(/(['"])CZK\1/g)?.length ?? 0;
      if (count > 0) found[file] = count;
    }
    const beyond = Object.entries(found)
      .filter(([file, count]) => count > (allowed[file]?.count ?? 0))
      .map(
        ([file, count]) =>
          `${file}: ${count} 'CZK' literal(s), ${allowed[file]?.count ?? 0} allowed — use the profile's or the account's currency, or add an allow-list entry saying why CZK is right there`,
      );
    expect(beyond).toEqual([]);
  });
});
