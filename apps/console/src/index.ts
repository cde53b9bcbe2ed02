export { buildConsole, type ConsoleOptions } from './app.ts';
export { consoleConfigSchema, loadConsoleConfig, type ConsoleConfig } from './config.ts';
export { buildConsolePage, clientRoot, distDir, pageIsStale } from './build.ts';
