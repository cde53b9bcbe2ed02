import { listenWithGracefulShutdown, startTracing } from '@casino/http';
import { buildSandbox } from './app.ts';
import { loadSandboxConfig } from './config.ts';

try {
  // Off unless OTEL_EXPORTER_OTLP_ENDPOINT is set (docs/operations.md, Watching the platform).
  await startTracing('sandbox');
  const config = loadSandboxConfig();
  const app = await buildSandbox({ config });
  await listenWithGracefulShutdown(app, { host: config.HOST, port: config.SANDBOX_PORT });
} catch (error) {
  process.stderr.write(`sandbox could not start.\n${(error as Error).message}\n`);
  process.exit(1);
}
