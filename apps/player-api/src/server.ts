import { bootService } from '@casino/http';
import { buildPlayerApi } from './app.ts';
import { loadPlayerApiConfig } from './config.ts';

await bootService({
  service: 'player-api',
  loadConfig: () => loadPlayerApiConfig(),
  port: (config) => config.PLAYER_API_PORT,
  build: (config, connections) => buildPlayerApi({ config, connections }),
});
