import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  capabilityGroups,
  collectRequirementMap,
  coverage,
  decidedIds,
  docPath,
  idsInTitle,
  parseDoc,
  parseSummary,
  specIds,
} from '../scripts/requirements-map.ts';

describe('requirements map (docs/requirements.md)', () => {
  it('reads the ids a test name cites: a prefix carries over to the bare ids after it', () => {
    expect(idsInTitle('004:T-01 / REG-21 / TMP-01 confirming the e-mail opens a temporary account')).toEqual([
      '004:T-01',
      '004:REG-21',
      '004:TMP-01',
    ]);
    expect(idsInTitle('003:#86 / 000-001:T-62 FAIL-01 A-29 a crash mid-hand returns every chip')).toEqual([
      '003:#86',
      '000-001:T-62',
      '000-001:FAIL-01',
      '000-001:A-29',
    ]);
    expect(idsInTitle('issue 4: five wrong passwords lock the login for 15 minutes')).toEqual(['issue 4']);
    expect(idsInTitle('accepts a valid ten-digit number, with or without the slash')).toEqual([]);
  });

  it("reads a cited range as each id it names, with the start's zero padding; a backwards range stays literal", () => {
    expect(idsInTitle('002:A5-01..03 and D27-8..10 the 2-7 rankings')).toEqual([
      '002:A5-01',
      '002:A5-02',
      '002:A5-03',
      '002:D27-8',
      '002:D27-9',
      '002:D27-10',
    ]);
    expect(idsInTitle('003:R-PRIV-07..02 a typo')).toEqual(['003:R-PRIV-07..02']);
  });

  it('lists exactly the requirement ids the test names cite, each with exactly its tests (npm run docs:requirements regenerates it)', async () => {
    const documented = parseDoc(await readFile(docPath, 'utf8')).map;
    const actual = await collectRequirementMap();
    expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(actual));
  });

  it("reads the ids a spec defines and the ids each decision mentions, a bare id under its own entry's prefix", () => {
    expect(specIds('- **TMP-03** **Deposit cap** … see TMP-04\n- **LIM-02 Deposit limits table (p.7)**')).toEqual([
      'TMP-03',
      'LIM-02',
    ]);
    const decided = decidedIds(
      '### D-402 The cap (004:AMB-02, 002:AMB-TMP-PARTIAL)\ntext TMP-04\n- **D-2501** (004:DAT-01, DAT-04): none.\n',
    );
    expect([...decided].sort()).toEqual(['002:AMB-TMP-PARTIAL', '002:TMP-04', '004:AMB-02', '004:DAT-01', '004:DAT-04']);
  });

  it('issue 25: opens with the coverage of each capability group: ids in the spec, proven by a test, decided only, neither', async () => {
    const summary = parseSummary(await readFile(docPath, 'utf8'));
    expect([...summary.keys()]).toEqual(capabilityGroups.map((g) => g.name));
    for (const [ids, proven, decided, neither] of summary.values()) expect(proven! + decided! + neither!).toBe(ids);
    // The spec extractions sit beside the project (shared/spec); where they do, the counts must be current.
    const groups = await coverage(await collectRequirementMap());
    if (groups) {
      expect(Object.fromEntries(summary)).toEqual(
        Object.fromEntries(groups.map((g) => [g.name, [g.ids.length, g.proven.length, g.decidedOnly.length, g.neither.length]])),
      );
    }
  });
});
