import { describe, expect, it } from 'vitest';
import { parseEuFinancialSanctionsXml } from './import-eu-xml.ts';
import { parseOpenSanctionsEntities } from './import-opensanctions.ts';
import { entryContentHash, ScreeningIndex, type IndexedEntry, type ListEntryData } from './matcher.ts';
import { nameTokens, phoneticKey } from './normalise.ts';
import { fictionalSampleEntries, generateFictionalEntries } from './sample-list.ts';
import { jaroWinkler } from './similarity.ts';

const indexed = (entries: readonly ListEntryData[], listCode = 'test'): IndexedEntry[] =>
  entries.map((e) => ({ ...e, listCode, listKind: 'SANCTIONS', contentHash: entryContentHash(e) }));
const index = new ScreeningIndex(indexed([...fictionalSampleEntries, ...generateFictionalEntries(20_000, 3)]));
const options = { scoreBpsMin: 0, candidatesMax: 2_000, matchesMax: 10 };
const review = { ...options, scoreBpsMin: 7_000 };

describe('screening: normalisation', () => {
  it('002:KYC-01 removes diacritics, honorifics and punctuation, and transliterates Cyrillic', () => {
    expect(nameTokens('Ing. Květoslav BRDIČKA, Ph.D.')).toEqual(['kvetoslav', 'brdicka']);
    expect(nameTokens('Радомир Квасников')).toEqual(['radomir', 'kvasnikov']);
    expect(phoneticKey('yevgeny')).toBe(phoneticKey('evgenij'));
    expect(phoneticKey('mohammed')).toBe(phoneticKey('muhammad'));
  });

  it('Jaro-Winkler: equal strings score 1, a typo stays high, unrelated names score low', () => {
    expect(jaroWinkler('martha', 'martha')).toBe(1);
    expect(jaroWinkler('martha', 'marhta')).toBeGreaterThan(0.95);
    expect(jaroWinkler('novak', 'dvorak')).toBeLessThan(0.75);
  });
});

describe('screening: matching and ranking (002:KYC-01)', () => {
  it('002:KYC-01 ranks a transliterated name above unrelated ones (Jevgenij Moroškin → Yevgeny Moroshkin)', () => {
    const matches = index.screen({ fullName: 'Jevgenij Moroškin' }, options);
    expect(matches[0]?.externalId).toBe('fict-0002');
    expect(matches[0]!.scoreBps).toBeGreaterThanOrEqual(7_000);
    expect(matches.slice(1).every((m) => m.scoreBps < matches[0]!.scoreBps)).toBe(true);
  });

  it('002:KYC-01 ranks a reordered name with a title first (Dr. KVASNIKOV Radomir)', () => {
    const matches = index.screen({ fullName: 'Dr. KVASNIKOV Radomir', dateOfBirth: '1961-04-12', citizenship: 'RU' }, options);
    expect(matches[0]).toMatchObject({ externalId: 'fict-0001', dateOfBirth: 'match', nationality: 'match' });
    expect(matches[0]!.scoreBps).toBe(10_000);
  });

  it('002:KYC-01 matches a Cyrillic spelling against a Latin one (Оксана Чайковская → Oksana Tchaikovskaya)', () => {
    expect(index.screen({ fullName: 'Oksana Chaykovskaya' }, review)[0]?.externalId).toBe('fict-0004');
  });

  it('002:KYC-01 honours the review threshold: an unrelated Czech name raises nothing, a near namesake with another birth date drops below it', () => {
    expect(index.screen({ fullName: 'Jan Novák', dateOfBirth: '1985-03-01', citizenship: 'CZ' }, review)).toEqual([]);
    const sameName = index.screen({ fullName: 'Květoslav Brdička' }, review);
    expect(sameName[0]?.externalId).toBe('fict-0005');
    expect(index.screen({ fullName: 'Květoslav Brdička', dateOfBirth: '1999-01-01', citizenship: 'SK' }, review)).toEqual([]);
  });

  it('a stricter threshold is honoured: 0.97 keeps the exact name and drops the typo', () => {
    const strict = { ...options, scoreBpsMin: 9_700 };
    expect(index.screen({ fullName: 'Dragan Vujicevic' }, strict).map((m) => m.externalId)).toEqual(['fict-0006']);
    expect(index.screen({ fullName: 'Dragon Vujicevik' }, strict)).toEqual([]);
    expect(index.screen({ fullName: 'Dragon Vujicevik' }, review)[0]?.externalId).toBe('fict-0006');
  });

  it('an exact identifier match short-circuits to the full score whatever the name', () => {
    const matches = index.screen({ fullName: 'Someone Else Entirely', identifiers: ['a0-559 812'] }, review);
    expect(matches[0]).toMatchObject({ externalId: 'fict-0003', identifierMatch: true, scoreBps: 10_000 });
  });
});

describe('screening: list importers', () => {
  it('reads OpenSanctions / FollowTheMoney Person entities and skips other schemas', () => {
    const ndjson = [
      JSON.stringify({
        id: 'os-1',
        schema: 'Person',
        caption: 'Ivo Fiktivní',
        properties: {
          name: ['Ivo Fiktivní'],
          alias: ['Ivo Fiktivni'],
          birthDate: ['1970-01-02'],
          nationality: ['cz'],
          passportNumber: ['X-123 456'],
          topics: ['sanction'],
        },
      }),
      JSON.stringify({ id: 'os-2', schema: 'Company', caption: 'Fiktivní s.r.o.', properties: { name: ['Fiktivní s.r.o.'] } }),
    ].join('\n');
    expect(parseOpenSanctionsEntities(ndjson)).toEqual([
      {
        externalId: 'os-1',
        primaryName: 'Ivo Fiktivní',
        names: ['Ivo Fiktivní', 'Ivo Fiktivni'],
        birthDates: ['1970-01-02'],
        nationalities: ['CZ'],
        identifiers: ['X123456'],
        details: { topics: ['sanction'], programs: [] },
      },
    ]);
  });

  it('reads the EU consolidated financial sanctions XML: persons, aliases, birth dates, citizenship, identifiers', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
      <export xmlns="http://eu.europa.ec/fpi/fsd/export" generationDate="2026-11-20T10:00:00">
        <sanctionEntity logicalId="13" designationDate="2022-02-23">
          <regulation programme="UKR"/>
          <subjectType code="person"/>
          <nameAlias firstName="Radomir" lastName="Kvasnikov" wholeName="Radomir Kvasnikov"/>
          <nameAlias wholeName="Радомир Квасников"/>
          <citizenship countryIso2Code="RU"/>
          <birthdate birthdate="1961-04-12" year="1961"/>
          <identification number="P7731904" identificationTypeCode="passport"/>
        </sanctionEntity>
        <sanctionEntity logicalId="14"><subjectType code="enterprise"/><nameAlias wholeName="Fictional Ltd"/></sanctionEntity>
      </export>`;
    expect(parseEuFinancialSanctionsXml(xml)).toEqual([
      {
        externalId: 'eu-fsf-13',
        primaryName: 'Radomir Kvasnikov',
        names: ['Radomir Kvasnikov', 'Радомир Квасников'],
        birthDates: ['1961-04-12'],
        nationalities: ['RU'],
        identifiers: ['P7731904'],
        details: { programmes: ['UKR'] },
      },
    ]);
  });

  it('refuses XML with a DOCTYPE (entity expansion) and files that are not the EU format', () => {
    expect(() => parseEuFinancialSanctionsXml('<!DOCTYPE x [<!ENTITY a "b">]><export/>')).toThrow(/DOCTYPE/);
    expect(() => parseEuFinancialSanctionsXml('<other/>')).toThrow(/sanctionEntity/);
  });
});
