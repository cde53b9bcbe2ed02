export { buildPlayerApi, type PlayerApiOptions } from './app.ts';
export { loadPlayerApiConfig, playerApiConfigSchema, type PlayerApiConfig } from './config.ts';
