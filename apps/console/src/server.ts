import { listenWithGracefulShutdown } from '@casino/http';
import { buildConsole } from './app.ts';
import { loadConsoleConfig } from './config.ts';

try {
  const config = loadConsoleConfig();
  const app = await buildConsole({ config });
  await listenWithGracefulShutdown(app, { host: config.HOST, port: config.CONSOLE_PORT });
} catch (error) {
  process.stderr.write(`console could not start.\n${(error as Error).message}\n`);
  process.exit(1);
}
