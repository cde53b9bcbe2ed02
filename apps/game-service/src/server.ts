import { bootService } from '@casino/http';
import { buildGameService } from './app.ts';
import { loadGameServiceConfig } from './config.ts';

await bootService({
  service: 'game-service',
  loadConfig: () => loadGameServiceConfig(),
  port: (config) => config.GAME_SERVICE_PORT,
  build: (config, connections) => buildGameService({ config, connections }),
  // The scheduler drives rounds whose timers ran out; it stops before the connections close.
  afterListen: async (_config, _connections, app) => {
    app.gameScheduler.start();
    return () => app.gameScheduler.stop();
  },
});
