import { listenWithGracefulShutdown, startTracing } from '@casino/http';
import { buildWeb } from './app.ts';
import { loadWebConfig } from './config.ts';

try {
  // Off unless OTEL_EXPORTER_OTLP_ENDPOINT is set (docs/operations.md, Watching the platform).
  await startTracing('web');
  const config = loadWebConfig();
  const app = await buildWeb({ config });
  await listenWithGracefulShutdown(app, { host: config.HOST, port: config.WEB_PORT });
} catch (error) {
  process.stderr.write(`web could not start.\n${(error as Error).message}\n`);
  process.exit(1);
}
