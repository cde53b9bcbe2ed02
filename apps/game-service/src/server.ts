import { bootService } from '@casino/http';
import { buildGameService } from './app.ts';
import { loadGameServiceConfig } from './config.ts';

await bootService({
  service: 'game-service',
  loadConfig: () => loadGameServiceConfig(),
  port: (config) => config.GAME_SERVICE_PORT,
  build: (config, connections) => buildGameService({ config, connections }),
});
