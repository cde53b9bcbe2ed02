import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { collectRequirementMap, docPath, idsInTitle, parseDoc } from '../scripts/requirements-map.ts';

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

  it('lists exactly the requirement ids the test names cite, each with exactly its tests (npm run docs:requirements regenerates it)', async () => {
    const documented = parseDoc(await readFile(docPath, 'utf8')).map;
    const actual = await collectRequirementMap();
    expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(actual));
  });
});
