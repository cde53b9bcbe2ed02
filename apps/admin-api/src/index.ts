export { buildAdminApi, type AdminApiOptions } from './app.ts';
export { loadAdminApiConfig, adminApiConfigSchema, type AdminApiConfig } from './config.ts';
