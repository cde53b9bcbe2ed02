// The layering of the workspace as an ESLint rule (issue 15, decisions D-1541..D-1543): which
// workspace may import which, read from the file's place in apps/ or packages/ and from the
// packages' own package.json, so a new package or export needs no edit here.
//
//   - nothing imports another workspace's internals: a relative path leaving its own package, or
//     `@casino/x/<sub>` where `./<sub>` is not in x's `exports` (src/, dist/ and friends);
//   - packages never import apps;
//   - domain packages never import @casino/http (the wire belongs to the apps);
//   - apps never import Prisma (@prisma/*, the generated client, `Prisma` or `transaction` from
//     @casino/db) and their code outside tests never queries it (`x.<model>.<operation>()`,
//     `$queryRaw` and friends): the data a route or a job needs comes from a package's use case;
//   - @casino/test-support is test support, not a layer (D-1551): it may import apps (it stands
//     them up), and only test code may import it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = import.meta.dirname;

/** Infrastructure and adapters (wire: the APIs' shared wire formats, D-1545); every other package under packages/ is a domain package. */
const infrastructurePackages = new Set(['db', 'http', 'wire']);

/** Test support (D-1551): it builds the apps for tests, so it is neither a domain nor an infrastructure package. */
const testSupportPackages = new Set(['test-support']);

/** What an app may not take from @casino/db: the Prisma namespace and the transaction runner (D-1542). */
const appForbiddenDbImports = new Set(['Prisma', 'transaction', 'Tx', 'retryingAbortedTransactions']);

/** Prisma's model operations and client methods; an app calling one on `x.<model>` queries the database itself. */
const prismaOperations = new Set([
  'findUnique',
  'findUniqueOrThrow',
  'findFirst',
  'findFirstOrThrow',
  'findMany',
  'create',
  'createMany',
  'createManyAndReturn',
  'update',
  'updateMany',
  'updateManyAndReturn',
  'upsert',
  'delete',
  'deleteMany',
  'count',
  'aggregate',
  'groupBy',
]);
const prismaClientMethods = new Set([
  '$queryRaw',
  '$queryRawUnsafe',
  '$executeRaw',
  '$executeRawUnsafe',
  '$transaction',
  '$queryRawTyped',
]);

/** Test code (tests arrange and assert against the database and may stand up apps). */
export function isTestFile(file) {
  const base = path.basename(file);
  const relative = path.relative(root, file).split(path.sep);
  return (
    relative[0] === 'tests' ||
    (relative[0] === 'packages' && testSupportPackages.has(relative[1])) ||
    /\.test\.ts$/.test(base) ||
    /(^|-)test-support\.ts$/.test(base) ||
    base === 'testing.ts' ||
    file.split(path.sep).includes('testing')
  );
}

function readWorkspaces() {
  const byName = new Map();
  for (const kind of ['packages', 'apps']) {
    const dir = path.join(root, kind);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir)) {
      const manifest = path.join(dir, entry, 'package.json');
      if (!existsSync(manifest)) continue;
      const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
      const exportsField =
        typeof pkg.exports === 'object' && pkg.exports !== null ? pkg.exports : { '.': pkg.exports ?? './src/index.ts' };
      byName.set(pkg.name, {
        name: pkg.name,
        kind,
        dir: entry,
        root: path.join(dir, entry),
        subpaths: new Set(Object.keys(exportsField)),
      });
    }
  }
  return byName;
}

function readModelNames() {
  const schema = path.join(root, 'prisma', 'schema.prisma');
  if (!existsSync(schema)) return new Set();
  const names = [...readFileSync(schema, 'utf8').matchAll(/^model\s+(\w+)\s*\{/gm)].map((m) => m[1]);
  return new Set(names.map((n) => n[0].toLowerCase() + n.slice(1)));
}

let cache;
function layout() {
  cache ??= { workspaces: readWorkspaces(), models: readModelNames() };
  return cache;
}

/** The workspace a file belongs to (packages/x or apps/x), or null for tests/, scripts/, prisma/. */
function workspaceOf(file, workspaces) {
  const relative = path.relative(root, file).split(path.sep);
  if (relative.length < 3 || (relative[0] !== 'packages' && relative[0] !== 'apps')) return null;
  for (const ws of workspaces.values()) if (ws.kind === relative[0] && ws.dir === relative[1]) return ws;
  return null;
}

/** `@casino/ledger/src/x.ts` → { name: '@casino/ledger', subpath: './src/x.ts' }. */
function splitPackageSpecifier(specifier) {
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  const rest = specifier.startsWith('@') ? parts.slice(2) : parts.slice(1);
  return { name, subpath: rest.length === 0 ? '.' : `./${rest.join('/')}` };
}

const boundaries = {
  meta: {
    type: 'problem',
    docs: {
      description: 'The workspace layering: apps → domain packages → db/http/core; no internals, no Prisma in apps (issue 15).',
    },
    schema: [],
    messages: {
      internals:
        "'{{specifier}}' reaches into {{target}}'s internals: import the package by name or one of its declared exports ({{exports}}).",
      relative: "'{{specifier}}' leaves {{own}} by a relative path: import the other package by name.",
      packageImportsApp:
        "A package must not import an app ('{{specifier}}'): apps depend on packages, never the other way round.",
      domainImportsHttp:
        "The domain package {{own}} must not import '{{specifier}}': wire formats and Fastify belong to the apps.",
      appImportsPrisma: "An app must not import Prisma ('{{specifier}}'): call a package's use case instead.",
      appImportsDbName:
        "An app must not take '{{imported}}' from @casino/db: running a transaction or naming Prisma types is a package's job.",
      appQueriesPrisma: "An app must not query the database itself ('{{call}}'): move the query into its package as a use case.",
      testSupportOutsideTests: "Only test code may import '{{specifier}}': it stands up the apps for tests.",
    },
  },
  create(context) {
    const file = context.filename ?? context.getFilename();
    const { workspaces, models } = layout();
    const own = workspaceOf(file, workspaces);
    const inApp = own?.kind === 'apps';
    const inTestSupport = own?.kind === 'packages' && testSupportPackages.has(own.dir);
    const inPackage = own?.kind === 'packages' && !inTestSupport;
    const inDomainPackage = inPackage && !infrastructurePackages.has(own.dir);
    const testCode = isTestFile(file);

    function checkSpecifier(node, specifier, importedNames) {
      if (typeof specifier !== 'string') return;
      if (specifier.startsWith('.')) {
        const target = path.resolve(path.dirname(file), specifier);
        if (own && !(target + path.sep).startsWith(own.root + path.sep)) {
          context.report({ node, messageId: 'relative', data: { specifier, own: own.name } });
        } else if (!own && /(^|\/)(packages|apps)\//.test(path.relative(root, target).split(path.sep).join('/'))) {
          context.report({ node, messageId: 'relative', data: { specifier, own: path.relative(root, file) } });
        }
        return;
      }
      if (inApp && (specifier.startsWith('@prisma/') || /(^|\/)generated(\/|$)/.test(specifier))) {
        context.report({ node, messageId: 'appImportsPrisma', data: { specifier } });
        return;
      }
      const { name, subpath } = splitPackageSpecifier(specifier);
      const target = workspaces.get(name);
      if (!target) return;
      if (target !== own && !target.subpaths.has(subpath)) {
        context.report({
          node,
          messageId: 'internals',
          data: {
            specifier,
            target: name,
            exports: [...target.subpaths].map((s) => (s === '.' ? name : `${name}/${s.slice(2)}`)).join(', '),
          },
        });
      }
      if (target.kind === 'packages' && testSupportPackages.has(target.dir) && !testCode)
        context.report({ node, messageId: 'testSupportOutsideTests', data: { specifier } });
      if (inPackage && target.kind === 'apps') context.report({ node, messageId: 'packageImportsApp', data: { specifier } });
      if (inDomainPackage && name === '@casino/http')
        context.report({ node, messageId: 'domainImportsHttp', data: { specifier, own: own.name } });
      if (inApp && !testCode && name === '@casino/db') {
        for (const imported of importedNames) {
          if (appForbiddenDbImports.has(imported)) context.report({ node, messageId: 'appImportsDbName', data: { imported } });
        }
      }
    }

    const namesOf = (node) =>
      (node.specifiers ?? []).flatMap((s) =>
        s.type === 'ImportSpecifier' || s.type === 'ExportSpecifier'
          ? [s.imported?.name ?? s.local?.name ?? s.local?.value]
          : s.type === 'ImportNamespaceSpecifier'
            ? ['*']
            : [],
      );

    return {
      ImportDeclaration: (node) => checkSpecifier(node, node.source.value, namesOf(node)),
      ExportNamedDeclaration: (node) => node.source && checkSpecifier(node, node.source.value, namesOf(node)),
      ExportAllDeclaration: (node) => checkSpecifier(node, node.source.value, ['*']),
      ImportExpression: (node) => node.source.type === 'Literal' && checkSpecifier(node, node.source.value, ['*']),
      TSImportType: (node) => {
        const literal = node.argument?.literal ?? node.argument;
        if (literal?.type === 'Literal') checkSpecifier(node, literal.value, ['*']);
      },
      TaggedTemplateExpression(node) {
        if (!inApp || testCode) return;
        const tag = node.tag;
        if (
          tag.type === 'MemberExpression' &&
          !tag.computed &&
          tag.property.type === 'Identifier' &&
          prismaClientMethods.has(tag.property.name)
        ) {
          context.report({ node, messageId: 'appQueriesPrisma', data: { call: context.sourceCode.getText(tag) } });
        }
      },
      CallExpression(node) {
        if (!inApp || testCode) return;
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return;
        const method = callee.property.name;
        const holder = callee.object;
        if (prismaClientMethods.has(method)) {
          context.report({ node, messageId: 'appQueriesPrisma', data: { call: context.sourceCode.getText(callee) } });
        } else if (
          prismaOperations.has(method) &&
          holder.type === 'MemberExpression' &&
          !holder.computed &&
          holder.property.type === 'Identifier' &&
          models.has(holder.property.name)
        ) {
          context.report({ node, messageId: 'appQueriesPrisma', data: { call: context.sourceCode.getText(callee) } });
        }
      },
    };
  },
};

export default { meta: { name: 'casino' }, rules: { boundaries } };
