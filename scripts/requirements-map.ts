/**
 * The requirements map (docs/requirements.md) is generated from the tests: a test's name starts
 * with the requirement ids it proves (`004:TMP-03 …`, `003:#38 R-ALLIN-05 …`, `issue 4: …`), so the
 * map can never claim a proof that does not exist. `npm run docs:requirements` rewrites the doc;
 * tests/requirements-doc.test.ts fails when the doc and the tests disagree.
 *
 * Id syntax in a test name: a spec-file prefix (000-001, 002, 003, 004) and a colon, then the id;
 * further ids in the same name without a prefix belong to the last prefix seen
 * (`004:T-01 / REG-21 / TMP-01` proves 004:T-01, 004:REG-21 and 004:TMP-01).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const root = path.resolve(import.meta.dirname, '..');
export const docPath = path.join(root, 'docs', 'requirements.md');
const specDir = path.resolve(root, '..', 'shared', 'spec');

const specFiles: Record<string, string> = {
  '000-001': '000-001-poker-rules.md',
  '002': '002-reel.md',
  '003': '003-svenska-spel.md',
  '004': '004-fortuna.md',
};

export interface ProvingTest {
  file: string;
  title: string;
}

/** Requirement id → the tests that name it, ids and tests in a stable order. */
export type RequirementMap = Map<string, ProvingTest[]>;

const prefixedId = /^(000-001|00[2-4]):((?:#\d+)|(?:[A-Z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+(?:\.\.\d+)?))$/;
const bareId = /^((?:#\d+)|(?:[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+[a-z]?(?:\.\.\d+)?))$/;

/** The requirement ids a test name cites, in order of appearance, without repeats. */
export function idsInTitle(title: string): string[] {
  const issue = /^issue (\d+):/.exec(title);
  return [...new Set([...(issue ? [`issue ${issue[1]}`] : []), ...idsInText(title)])];
}

/**
 * A range a test or a decision cites (`A5-01..07`) as the ids it names (`A5-01` … `A5-07`), each
 * written with the start's zero padding; anything else as itself. A range that runs backwards or
 * over more than 99 ids is kept literally, as a typo rather than a claim.
 */
export function expandRange(id: string): string[] {
  const range = /^(.*?)(\d+)\.\.(\d+)$/.exec(id);
  if (!range) return [id];
  const [, head, first, last] = range as unknown as [string, string, string, string];
  const from = Number(first);
  const to = Number(last);
  if (to <= from || to - from > 99) return [id];
  return Array.from({ length: to - from + 1 }, (_, i) => `${head}${String(from + i).padStart(first.length, '0')}`);
}

/** The prefixed requirement ids in a text; a bare id belongs to the last prefix before it; ranges expanded. */
export function idsInText(text: string): string[] {
  const ids: string[] = [];
  let prefix: string | null = null;
  for (const raw of text.split(/[\s/,;]+/)) {
    const token = raw.replace(/^[([`*]+|[)\].:`*]+$/g, '');
    const full = prefixedId.exec(token);
    if (full) {
      prefix = full[1]!;
      ids.push(...expandRange(full[2]!).map((id) => `${prefix}:${id}`));
    } else if (prefix && bareId.test(token)) {
      ids.push(...expandRange(token).map((id) => `${prefix}:${id}`));
    }
  }
  return [...new Set(ids)];
}

async function testFiles(): Promise<string[]> {
  const found: string[] = [];
  async function walk(dir: string): Promise<void> {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'generated' || entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.name.endsWith('.test.ts')) found.push(full);
    }
  }
  for (const top of ['packages', 'apps', 'tests']) await walk(path.join(root, top));
  return found.sort();
}

/** Titles of `it(…)` calls written as plain string literals (templates with `${…}` are skipped). */
export function testTitles(source: string): string[] {
  const titles: string[] = [];
  for (const match of source.matchAll(/\bit\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g)) {
    const quote = match[1]!;
    const body = match[2]!;
    if (quote === '`' && body.includes('${')) continue;
    titles.push(body.replace(/\\(.)/g, '$1'));
  }
  return titles;
}

export async function collectRequirementMap(): Promise<RequirementMap> {
  const map: RequirementMap = new Map();
  for (const file of await testFiles()) {
    const relative = path.relative(root, file);
    for (const title of testTitles(await readFile(file, 'utf8'))) {
      for (const id of idsInTitle(title)) {
        const list = map.get(id) ?? [];
        list.push({ file: relative, title });
        map.set(id, list);
      }
    }
  }
  return new Map([...map.entries()].sort(([a], [b]) => compareIds(a, b)));
}

function compareIds(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

/** The requirement's own words from shared/spec, when that folder is beside the project. */
async function specSummaries(ids: readonly string[]): Promise<Map<string, string>> {
  const summaries = new Map<string, string>();
  const texts = new Map<string, string | null>();
  for (const id of ids) {
    const [prefix, local] = id.split(':') as [string, string | undefined];
    const file = specFiles[prefix];
    if (!file || !local) continue;
    if (!texts.has(prefix)) texts.set(prefix, await readFile(path.join(specDir, file), 'utf8').catch(() => null));
    const text = texts.get(prefix);
    if (!text) continue;
    const line = specLine(text, local);
    if (line) summaries.set(id, oneLine(line));
  }
  return summaries;
}

/**
 * The line that defines an id: `**TMP-03** …` or `**T-06 Table stakes.** …` (bold starting with the id);
 * 003's numbered scenarios (`#38`) are the list items `38. …` of its section 4.
 */
function specLine(text: string, local: string): string | undefined {
  const scenario = /^#(\d+)$/.exec(local);
  if (scenario) {
    const section = text.split(/^## 4\b/m)[1]?.split(/^## 5\b/m)[0] ?? '';
    return new RegExp(`^${scenario[1]}\\. (.*)$`, 'm').exec(section)?.[1];
  }
  const escaped = local.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const line = new RegExp(`\\*\\*${escaped}(?![A-Za-z0-9-])[^\\n]*`).exec(text)?.[0];
  return line?.replace(new RegExp(`^\\*\\*${escaped}\\*\\*\\s*`), '').replace(new RegExp(`^\\*\\*${escaped}\\s*`), '');
}

function oneLine(text: string): string {
  const plain = text.replace(/\*+/g, '').replace(/\|/g, '/').replace(/\s+/g, ' ').trim();
  return plain.length > 140 ? `${plain.slice(0, 137).trimEnd()}…` : plain;
}

/**
 * The capability groups the coverage summary counts: a group's ids are those its spec files define
 * (`**ELG-01** …`, the bold that opens a requirement) with a local id matching its pattern.
 */
export const capabilityGroups: ReadonlyArray<{ name: string; ids: Readonly<Record<string, RegExp>> }> = [
  {
    name: 'registration and account (004 ELG, REG, TMP, ACC, IDV; 002 REG, TMP, KYC)',
    ids: { '004': /^(ELG|REG|TMP|ACC|IDV)-/, '002': /^(REG|TMP|KYC)-/ },
  },
  { name: 'self-limits (004 SLM; 002 RG, LIM; 003 R-LIM)', ids: { '004': /^SLM-/, '002': /^(RG|LIM)-/, '003': /^R-LIM-/ } },
  {
    name: 'cashier (004 PAY, DEP, WDR, WIN, BET; 002 PM, PAY, WAL)',
    ids: { '004': /^(PAY|DEP|WDR|WIN|BET)-/, '002': /^(PM|PAY|WAL)-/ },
  },
  {
    name: 'roulette, blackjack, technical failures (004 GAM-R/RE/RF/B/BJ/BS, TEC; 002 BJ*, RLT, RNG)',
    ids: { '004': /^(GAM-(R|RE|RF|B|BJ|BS)|TEC)-/, '002': /^(BJ[A-Z]*|RLT|RNG)-/ },
  },
  { name: 'AML (004 AML; 002 AML)', ids: { '004': /^AML-/, '002': /^AML-/ } },
  { name: 'records and allocation (004 DAT; 002 REC, ALLOC)', ids: { '004': /^DAT-/, '002': /^(REC|ALLOC)-/ } },
];

export interface GroupCoverage {
  name: string;
  ids: string[];
  proven: string[];
  decidedOnly: string[];
  neither: string[];
}

/** The ids a spec file defines: each `**ID` that opens a bold run (`**TMP-03**`, `**LIM-02 Deposit …**`). */
export function specIds(text: string): string[] {
  const ids = [...text.matchAll(/\*\*([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*-[0-9][0-9A-Za-z]*)/g)].map((m) => m[1]!);
  return [...new Set(ids)];
}

/**
 * The ids docs/decisions.md decides: every id a decision mentions, read entry by entry (a `### D-…`
 * section or a `- **D-…**` item) so that a bare id belongs to the last prefix of its own entry.
 */
export function decidedIds(decisions: string): Set<string> {
  const entries = decisions.split(/^(?=#{2,3} |- \*\*D-)/m);
  return new Set(entries.flatMap((entry) => idsInText(entry)));
}

/** Per capability group: its ids, those a test proves, those only a decision settles, and the rest. */
export async function coverage(map: RequirementMap): Promise<GroupCoverage[] | null> {
  const texts: Record<string, string> = {};
  for (const [prefix, file] of Object.entries(specFiles)) {
    const text = await readFile(path.join(specDir, file), 'utf8').catch(() => null);
    if (text === null) return null;
    texts[prefix] = text;
  }
  const decided = decidedIds(await readFile(path.join(root, 'docs', 'decisions.md'), 'utf8'));
  return capabilityGroups.map(({ name, ids: patterns }) => {
    const ids = Object.entries(patterns).flatMap(([prefix, pattern]) =>
      specIds(texts[prefix] ?? '')
        .filter((id) => pattern.test(id))
        .map((id) => `${prefix}:${id}`),
    );
    const proven = ids.filter((id) => map.has(id));
    const decidedOnly = ids.filter((id) => !map.has(id) && decided.has(id));
    const neither = ids.filter((id) => !map.has(id) && !decided.has(id));
    return { name, ids, proven, decidedOnly, neither };
  });
}

const summaryHeader = `| capability | ids | proven by a test | decided only | neither |
|---|---|---|---|---|
`;

/** The coverage table at the top of the doc; ids "decided only" are settled in docs/decisions.md. */
export function renderSummary(groups: readonly GroupCoverage[]): string {
  const rows = groups.map(
    (g) => `| ${g.name} | ${g.ids.length} | ${g.proven.length} | ${g.decidedOnly.length} | ${g.neither.length} |`,
  );
  return `${summaryHeader}${rows.join('\n')}\n`;
}

/** Reads the coverage table back: capability → [ids, proven, decided only, neither]. */
export function parseSummary(doc: string): Map<string, number[]> {
  const rows = new Map<string, number[]>();
  for (const line of doc.split('\n')) {
    const row = /^\| ([^`|][^|]*?) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \|$/.exec(line);
    if (row) rows.set(row[1]!, row.slice(2).map(Number));
  }
  return rows;
}

const header = `# Requirements map

Each requirement id from \`shared/spec\` (and each issue-level rule) that a test proves, with its tests.
Generated from the test names by \`npm run docs:requirements\`; \`tests/requirements-doc.test.ts\` fails
when this file and the tests disagree. Run the proof of one requirement with
\`npm test -- -t "004:TMP-03"\`. The "what" column quotes the spec extraction, shortened.
`;

const coverageIntro = `
Coverage of the capabilities built: per group, the ids its spec files define, those a test proves,
those only a decision in \`docs/decisions.md\` settles (untestable, out of scope, or left to a policy),
and those neither. \`npm run docs:requirements -- --neither\` lists the last.

`;

const tableHeader = `
| requirement | what | proved by |
|---|---|---|
`;

export function renderDoc(
  map: RequirementMap,
  summaries: Map<string, string>,
  previous: Map<string, string>,
  groups: readonly GroupCoverage[] | null = null,
): string {
  const rows = [...map.entries()].map(([id, tests]) => {
    const what = summaries.get(id) ?? previous.get(id) ?? '';
    const proofs = tests.map((t) => `\`${t.file}\` › ${escapeCell(t.title)}`).join('<br>');
    return `| \`${id}\` | ${escapeCell(what)} | ${proofs} |`;
  });
  const summary = groups ? `${coverageIntro}${renderSummary(groups)}` : '';
  return `${header}${summary}${tableHeader}${rows.join('\n')}\n`;
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** Reads the table back: id → its tests, and id → its "what" text. */
export function parseDoc(doc: string): { map: RequirementMap; what: Map<string, string> } {
  const map: RequirementMap = new Map();
  const what = new Map<string, string>();
  for (const line of doc.split('\n')) {
    const row = /^\| `([^`]+)` \| (.*?) \| (.*) \|$/.exec(line);
    if (!row) continue;
    const [, id, summary, proofs] = row as unknown as [string, string, string, string];
    what.set(id, summary.replace(/\\\|/g, '|'));
    map.set(
      id,
      proofs.split('<br>').map((proof) => {
        const cell = /^`([^`]+)` › (.*)$/.exec(proof);
        return { file: cell?.[1] ?? '', title: (cell?.[2] ?? proof).replace(/\\\|/g, '|') };
      }),
    );
  }
  return { map, what };
}

async function main(): Promise<void> {
  const map = await collectRequirementMap();
  const previous = await readFile(docPath, 'utf8')
    .then((doc) => parseDoc(doc).what)
    .catch(() => new Map<string, string>());
  const groups = await coverage(map);
  if (process.argv.includes('--neither')) {
    for (const group of groups ?? []) console.log(`${group.name}: ${group.neither.join(' ') || '(none)'}`);
    return;
  }
  await writeFile(docPath, renderDoc(map, await specSummaries([...map.keys()]), previous, groups));
  const tests = new Set([...map.values()].flat().map((t) => `${t.file}\u0000${t.title}`));
  console.log(`docs/requirements.md: ${map.size} requirement ids proved by ${tests.size} tests.`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
