import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@casino/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Migrations are hand-written SQL (docs/decisions.md D-001), so nothing but this test keeps them
 * and prisma/schema.prisma telling the same story: every model is a table, every scalar field a
 * column of a compatible type and nullability, and every column a field.
 */
const root = path.resolve(import.meta.dirname, '..');

interface FieldSpec {
  column: string;
  type: string;
  optional: boolean;
  native: string | null;
}

interface ModelSpec {
  table: string;
  fields: FieldSpec[];
}

function parseSchema(schema: string): ModelSpec[] {
  const enums = new Set([...schema.matchAll(/^enum\s+(\w+)\s*\{/gm)].map((m) => m[1]!));
  const modelNames = new Set([...schema.matchAll(/^model\s+(\w+)\s*\{/gm)].map((m) => m[1]!));
  return [...schema.matchAll(/^model\s+(\w+)\s*\{([\s\S]*?)^\}/gm)].map(([, name, body]) => {
    const table = /@@map\("([^"]+)"\)/.exec(body!)?.[1] ?? name!;
    const fields: FieldSpec[] = [];
    for (const line of body!.split('\n')) {
      const match = /^\s+(\w+)\s+(\w+)(\[\])?(\?)?(.*)$/.exec(line);
      if (!match || line.trim().startsWith('//') || line.trim().startsWith('@@')) continue;
      const [, fieldName, type, list, optional, rest] = match;
      if (modelNames.has(type!)) continue; // relation fields have no column of their own
      fields.push({
        column: /@map\("([^"]+)"\)/.exec(rest!)?.[1] ?? fieldName!,
        type: enums.has(type!) ? 'Enum' : `${type!}${list ? '[]' : ''}`,
        optional: Boolean(optional),
        native: /@db\.(\w+)/.exec(rest!)?.[1] ?? null,
      });
    }
    return { table, fields };
  });
}

/** PostgreSQL `udt_name`s a Prisma scalar may be stored as. */
const compatibleTypes: Record<string, string[]> = {
  String: ['text', 'varchar', 'uuid', 'bpchar', 'citext', 'inet'],
  Int: ['int4', 'int2'],
  BigInt: ['int8'],
  Boolean: ['bool'],
  DateTime: ['timestamptz', 'timestamp', 'date'],
  Json: ['jsonb', 'json'],
  Decimal: ['numeric'],
  Bytes: ['bytea'],
  'String[]': ['_text', '_varchar'],
  Enum: [], // checked through data_type USER-DEFINED
  Unsupported: [], // a type Prisma does not model (xid8); its SQL type is the migration's business
};

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb?.drop();
});

describe('schema.prisma and the migrations agree', () => {
  it('every model is a table and every scalar field a column of a compatible type and nullability, and nothing more', async () => {
    const models = parseSchema(await readFile(path.join(root, 'prisma', 'schema.prisma'), 'utf8'));
    expect(models.length).toBeGreaterThan(0);
    const columns = await testDb.db.$queryRaw<
      Array<{ table_name: string; column_name: string; udt_name: string; data_type: string; is_nullable: string }>
    >`
      SELECT table_name, column_name, udt_name, data_type, is_nullable FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'`;
    const byTable = new Map<string, typeof columns>();
    for (const column of columns) byTable.set(column.table_name, [...(byTable.get(column.table_name) ?? []), column]);

    const problems: string[] = [];
    for (const model of models) {
      const actual = byTable.get(model.table);
      if (!actual) {
        problems.push(`table ${model.table} is in schema.prisma but no migration creates it`);
        continue;
      }
      for (const field of model.fields) {
        const column = actual.find((c) => c.column_name === field.column);
        if (!column) {
          problems.push(`${model.table}.${field.column} is in schema.prisma but not in the database`);
          continue;
        }
        const typeOk =
          field.type === 'Unsupported' ||
          (field.type === 'Enum' ? column.data_type === 'USER-DEFINED' : compatibleTypes[field.type]?.includes(column.udt_name));
        if (!typeOk) problems.push(`${model.table}.${field.column}: schema says ${field.type}, database has ${column.udt_name}`);
        if (field.native === 'Uuid' && column.udt_name !== 'uuid')
          problems.push(`${model.table}.${field.column}: schema says @db.Uuid, database has ${column.udt_name}`);
        if ((column.is_nullable === 'YES') !== field.optional)
          problems.push(
            `${model.table}.${field.column}: nullability differs (schema optional=${field.optional}, database nullable=${column.is_nullable})`,
          );
      }
      for (const column of actual) {
        if (!model.fields.some((f) => f.column === column.column_name))
          problems.push(`${model.table}.${column.column_name} is in the database but not in schema.prisma`);
      }
    }
    for (const table of byTable.keys()) {
      if (!models.some((m) => m.table === table)) problems.push(`table ${table} exists in the database but not in schema.prisma`);
    }
    expect(problems).toEqual([]);
  });
});
