import { bootService } from '@casino/http';
import { buildAdminApi } from './app.ts';
import { loadAdminApiConfig } from './config.ts';

await bootService({
  service: 'admin-api',
  loadConfig: () => loadAdminApiConfig(),
  port: (config) => config.ADMIN_API_PORT,
  build: (config, connections) => buildAdminApi({ config, connections }),
});
