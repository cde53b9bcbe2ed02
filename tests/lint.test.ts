/**
 * Issue 15 (no linter): ESLint runs over the whole repository in `npm test`. The layering is a rule
 * of its own (eslint.boundaries.js, D-1541..D-1543): apps never import or query Prisma, packages
 * never import apps, domain packages never import @casino/http, nothing imports another package's
 * internals. The rule is proved on snippets placed where each case lives, then the repository is
 * checked. `npm run lint` gives the same answer with file and line.
 */
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

type Finding = { file: string; line: number; rule: string | null; message: string };
let findings: Finding[] = [];

beforeAll(async () => {
  const results = await eslint.lintFiles(['.']);
  findings = results.flatMap((r) =>
    r.messages.map((m: Linter.LintMessage) => ({
      file: path.relative(root, r.filePath),
      line: m.line,
      rule: m.ruleId,
      message: m.message,
    })),
  );
}, 300_000);

/** The boundary findings for `code` as if it were the file at `file` (relative to the root). */
async function boundaryFindings(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'casino/boundaries').map((m) => m.message);
}

describe('issue 15: the layering as a lint rule', () => {
  it('issue 15: a domain package importing @casino/http is refused; the wire package may', async () => {
    expect(await boundaryFindings('packages/limits/src/x.ts', "import { moneyOut } from '@casino/http';\n")).toEqual([
      expect.stringContaining("must not import '@casino/http'"),
    ]);
    expect(await boundaryFindings('packages/wire/src/x.ts', "import { moneyOut } from '@casino/http';\n")).toEqual([]);
  });

  it('issue 15: a package importing an app is refused, by name or by a relative path', async () => {
    expect(await boundaryFindings('packages/compliance/src/x.ts', "import { buildSandbox } from '@casino/sandbox';\n")).toEqual([
      expect.stringContaining('must not import an app'),
    ]);
    expect(
      await boundaryFindings(
        'packages/compliance/src/x.ts',
        "import { buildSandbox } from '../../../apps/sandbox/src/index.ts';\n",
      ),
    ).toEqual([expect.stringContaining('leaves @casino/compliance by a relative path')]);
  });

  it('issue 15: @casino/test-support may stand up apps, and only test code may import it (D-1551)', async () => {
    const harness = "import { startHarness } from '@casino/test-support';\n";
    const sandbox = "import { buildSandbox } from '@casino/test-support/sandbox';\n";
    expect(
      await boundaryFindings('packages/test-support/src/x.ts', "import { buildPlayerApi } from '@casino/player-api';\n"),
    ).toEqual([]);
    expect(await boundaryFindings('packages/compliance/src/registers/x.test.ts', sandbox)).toEqual([]);
    expect(await boundaryFindings('apps/admin-api/src/x.test.ts', harness)).toEqual([]);
    expect(await boundaryFindings('tests/support/x.ts', harness)).toEqual([]);
    expect(await boundaryFindings('packages/compliance/src/x.ts', sandbox)).toEqual([
      expect.stringContaining("Only test code may import '@casino/test-support/sandbox'"),
    ]);
    expect(await boundaryFindings('apps/player-api/src/x.ts', harness)).toEqual([
      expect.stringContaining("Only test code may import '@casino/test-support'"),
    ]);
  });

  it("issue 15: another package's internals are refused (src paths, undeclared subpaths, relative paths out of the package); declared exports pass", async () => {
    expect(await boundaryFindings('apps/admin-api/src/x.ts', "import { post } from '@casino/ledger/src/post.ts';\n")).toEqual([
      expect.stringContaining("reaches into @casino/ledger's internals"),
    ]);
    expect(await boundaryFindings('packages/cashier/src/x.ts', "import { x } from '../../limits/src/measures.ts';\n")).toEqual([
      expect.stringContaining('leaves @casino/cashier by a relative path'),
    ]);
    expect(await boundaryFindings('tests/x.test.ts', "import { x } from '../packages/core/src/money.ts';\n")).toEqual([
      expect.stringContaining('by a relative path'),
    ]);
    expect(
      await boundaryFindings(
        'apps/player-api/src/x.test.ts',
        "import { waitFor } from '@casino/core/testing';\nimport { DepositSchema } from '@casino/wire/cashier';\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryFindings(
        'packages/games/src/poker/evaluator/core/x.ts',
        "import type { Card } from '../../../cards/index.ts';\n",
      ),
    ).toEqual([]);
  });

  it('issue 15: an app importing Prisma, or taking transaction or Prisma from @casino/db, is refused; connections and job plumbing pass', async () => {
    expect(await boundaryFindings('apps/worker/src/x.ts', "import { PrismaClient } from '@prisma/client';\n")).toEqual([
      expect.stringContaining('must not import Prisma'),
    ]);
    expect(await boundaryFindings('apps/admin-api/src/x.ts', "import { Prisma, transaction } from '@casino/db';\n")).toHaveLength(
      2,
    );
    expect(
      await boundaryFindings('apps/worker/src/x.ts', "import { createRedis, defineJob, type Db } from '@casino/db';\n"),
    ).toEqual([]);
  });

  it('issue 15: an app querying the database itself is refused outside its tests', async () => {
    const query =
      'export const f = async (ctx: { db: any }) => [await ctx.db.tableSeat.findUnique({ where: {} }), await ctx.db.$queryRaw`SELECT 1`];\n';
    expect(await boundaryFindings('apps/game-service/src/x.ts', query)).toEqual([
      expect.stringContaining('must not query the database itself'),
      expect.stringContaining('must not query the database itself'),
    ]);
    expect(await boundaryFindings('apps/game-service/src/x.test.ts', query)).toEqual([]);
    // A Map's delete is not a Prisma model's.
    expect(
      await boundaryFindings(
        'apps/game-service/src/x.ts',
        'export const f = (c: { byChannel: Map<string, number> }) => c.byChannel.delete("a");\n',
      ),
    ).toEqual([]);
  });
});

describe('issue 15: the repository passes its linter', () => {
  it('issue 15: no boundary violation anywhere: apps never import or query Prisma, packages never import apps, domain packages never import http, no internals', () => {
    expect(findings.filter((f) => f.rule === 'casino/boundaries')).toEqual([]);
  });

  it('issue 15: ESLint and typescript-eslint recommended report nothing (no unused code, no parse errors, no stale disable comments)', () => {
    expect(findings.filter((f) => f.rule !== 'casino/boundaries')).toEqual([]);
  });
});
