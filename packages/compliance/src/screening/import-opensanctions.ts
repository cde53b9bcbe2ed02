import { DomainError } from '@casino/core';
import { z } from 'zod';
import type { ListEntryData } from './matcher.ts';
import { normaliseIdentifier } from './normalise.ts';

/**
 * Importer for the OpenSanctions / FollowTheMoney entity format: one JSON entity per line
 * (`entities.ftm.json`), or a JSON array of entities. Only `Person` entities are screened against
 * players; companies, vessels and the rest are skipped. Properties are arrays of strings.
 */
const FtmEntitySchema = z.object({
  id: z.string().min(1).max(200),
  schema: z.string(),
  caption: z.string().optional(),
  properties: z.record(z.string(), z.array(z.unknown())).default({}),
});

export const opensanctionsEntitiesMax = 2_000_000;

const nameProperties = ['name', 'alias', 'weakAlias', 'previousName'] as const;
const identifierProperties = ['idNumber', 'passportNumber', 'taxNumber', 'innCode'] as const;

export function parseOpenSanctionsEntities(text: string): ListEntryData[] {
  const trimmed = text.trim();
  const records: unknown[] = trimmed.startsWith('[')
    ? (parseJson(trimmed, 1) as unknown[])
    : trimmed
        .split('\n')
        .filter((l) => l.trim())
        .map((line, i) => parseJson(line, i + 1));
  if (records.length > opensanctionsEntitiesMax)
    throw new DomainError('payload-too-large', `At most ${opensanctionsEntitiesMax} entities per list.`);
  const entries: ListEntryData[] = [];
  records.forEach((record, i) => {
    const parsed = FtmEntitySchema.safeParse(record);
    if (!parsed.success)
      throw new DomainError(
        'validation-failed',
        `Entity ${i + 1} is not a FollowTheMoney entity: ${parsed.error.issues[0]?.message ?? 'invalid'}.`,
        { field: 'body' },
      );
    if (parsed.data.schema !== 'Person') return;
    const entry = toEntry(parsed.data);
    if (entry) entries.push(entry);
  });
  return entries;
}

function toEntry(entity: z.infer<typeof FtmEntitySchema>): ListEntryData | null {
  const strings = (key: string) =>
    (entity.properties[key] ?? []).filter((v): v is string => typeof v === 'string' && v.trim().length > 0).map((v) => v.trim());
  const names = [...new Set(nameProperties.flatMap(strings))];
  const primaryName = entity.caption?.trim() || names[0];
  if (!primaryName) return null;
  return {
    externalId: entity.id,
    primaryName,
    names: names.length > 0 ? names : [primaryName],
    birthDates: [
      ...new Set(
        strings('birthDate')
          .map((d) => d.slice(0, 10))
          .filter((d) => /^\d{4}(-\d{2}-\d{2})?$/.test(d)),
      ),
    ],
    nationalities: [
      ...new Set(
        [...strings('nationality'), ...strings('citizenship')]
          .map((c) => c.slice(0, 2).toUpperCase())
          .filter((c) => /^[A-Z]{2}$/.test(c)),
      ),
    ],
    identifiers: [
      ...new Set(
        identifierProperties
          .flatMap(strings)
          .map(normaliseIdentifier)
          .filter((v) => v.length >= 4),
      ),
    ],
    details: { topics: strings('topics'), programs: strings('program') },
  };
}

function parseJson(text: string, line: number): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new DomainError('validation-failed', `Line ${line} is not valid JSON.`, { field: 'body' });
  }
}
