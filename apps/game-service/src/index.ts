export { buildGameService, type GameScheduler, type GameServiceOptions } from './app.ts';
export { loadGameServiceConfig, gameServiceConfigSchema, type GameServiceConfig } from './config.ts';
