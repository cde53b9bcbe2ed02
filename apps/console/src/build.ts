import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The page's sources (index.html, client/**) and where Vite writes the built page. */
export const clientRoot = path.resolve(import.meta.dirname, '..', 'client');
export const distDir = path.resolve(import.meta.dirname, '..', 'dist');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(file) : statSync(file).mtimeMs);
  }
  return newest;
}

/** The built page is missing or older than a source file or than its build configuration (this file). */
export function pageIsStale(): boolean {
  let built: number;
  try {
    built = statSync(path.join(distDir, 'index.html')).mtimeMs;
  } catch {
    return true;
  }
  return Math.max(newestSource(clientRoot), statSync(import.meta.filename).mtimeMs) > built;
}

/**
 * Builds the page with Vite into dist/ (`npm start` and the test run do it when it is stale). The
 * configuration lives here rather than in a vite.config file so that it is type-checked with the rest.
 */
export async function buildConsolePage(options: { quiet?: boolean } = {}): Promise<void> {
  const [{ build }, { default: react }] = await Promise.all([import('vite'), import('@vitejs/plugin-react')]);
  // Always React's production build: Vite takes the page's NODE_ENV (and the JSX runtime) from the
  // process's, and the test runner sets NODE_ENV=test, which gave the tests a development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: clientRoot,
      configFile: false,
      mode: 'production',
      logLevel: options.quiet ? 'warn' : 'info',
      plugins: [react()],
      build: {
        outDir: distDir,
        emptyOutDir: true,
        // No inline script or data: module under the page's CSP (script-src 'self').
        assetsInlineLimit: 0,
        modulePreload: { polyfill: false },
        sourcemap: false,
        target: 'es2022',
      },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
