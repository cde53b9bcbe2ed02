export { buildWeb, type WebOptions } from './app.ts';
export { loadWebConfig, webConfigSchema, type WebConfig } from './config.ts';
export { buildWebPage, clientRoot, distDir, pageIsStale } from './build.ts';
