import { DomainError } from '@casino/core';
import { XMLParser } from 'fast-xml-parser';
import type { ListEntryData } from './matcher.ts';
import { normaliseIdentifier } from './normalise.ts';

/**
 * Importer for the EU consolidated list of persons, groups and entities subject to financial
 * sanctions (the FSF XML export, namespace http://eu.europa.ec/fpi/fsd/export): each
 * `sanctionEntity` has `nameAlias`, `birthdate`, `citizenship` and `identification` children whose
 * data are attributes. Only persons (subjectType code "person") are kept.
 */
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  isArray: (name, _path, _leaf, isAttribute) =>
    !isAttribute && ['sanctionEntity', 'nameAlias', 'birthdate', 'citizenship', 'identification', 'regulation'].includes(name),
  // Entities and DOCTYPEs are not needed by this format; refusing them closes the XML bomb.
  processEntities: false,
});

type Attributes = Record<string, string | undefined>;
interface SanctionEntity {
  logicalId?: string;
  subjectType?: Attributes;
  nameAlias?: Attributes[];
  birthdate?: Attributes[];
  citizenship?: Attributes[];
  identification?: Attributes[];
  regulation?: Attributes[];
}

export function parseEuFinancialSanctionsXml(xml: string): ListEntryData[] {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml))
    throw new DomainError('validation-failed', 'DOCTYPE and ENTITY declarations are not accepted.', { field: 'body' });
  let document: { export?: { sanctionEntity?: SanctionEntity[] } };
  try {
    document = parser.parse(xml);
  } catch (error) {
    throw new DomainError(
      'validation-failed',
      `The EU sanctions file is not well-formed XML: ${(error as Error).message.slice(0, 200)}.`,
      { field: 'body' },
    );
  }
  const entities = document.export?.sanctionEntity;
  if (!entities)
    throw new DomainError(
      'validation-failed',
      'The file has no <export><sanctionEntity> elements: is it the EU consolidated financial sanctions XML?',
      { field: 'body' },
    );
  return entities
    .filter((e) => e.subjectType?.code === 'person')
    .map(toEntry)
    .filter((e): e is ListEntryData => e !== null);
}

function toEntry(entity: SanctionEntity): ListEntryData | null {
  const names = [...new Set((entity.nameAlias ?? []).map(aliasName).filter((n): n is string => n !== null))];
  if (!entity.logicalId || names.length === 0) return null;
  const birthDates = (entity.birthdate ?? []).map((b) =>
    b.birthdate && /^\d{4}-\d{2}-\d{2}$/.test(b.birthdate) ? b.birthdate : b.year && /^\d{4}$/.test(b.year) ? b.year : null,
  );
  return {
    externalId: `eu-fsf-${entity.logicalId}`,
    primaryName: names[0]!,
    names,
    birthDates: [...new Set(birthDates.filter((d): d is string => d !== null))],
    nationalities: [
      ...new Set(
        (entity.citizenship ?? [])
          .map((c) => c.countryIso2Code?.toUpperCase())
          .filter((c): c is string => !!c && /^[A-Z]{2}$/.test(c)),
      ),
    ],
    identifiers: [
      ...new Set((entity.identification ?? []).map((i) => normaliseIdentifier(i.number ?? '')).filter((n) => n.length >= 4)),
    ],
    details: { programmes: [...new Set((entity.regulation ?? []).map((r) => r.programme).filter(Boolean))] },
  };
}

function aliasName(alias: Attributes): string | null {
  const whole = alias.wholeName?.trim();
  if (whole) return whole;
  const parts = [alias.firstName, alias.middleName, alias.lastName].map((p) => p?.trim()).filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : null;
}
