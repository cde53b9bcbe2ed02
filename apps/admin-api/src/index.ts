export { adminRoutes, buildAdminApi, type AdminApiOptions, type AdminRoute } from './app.ts';
export { loadAdminApiConfig, adminApiConfigSchema, type AdminApiConfig } from './config.ts';
