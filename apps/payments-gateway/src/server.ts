import { bootService } from '@casino/http';
import { buildPaymentsGateway } from './app.ts';
import { loadPaymentsGatewayConfig } from './config.ts';

await bootService({
  service: 'payments-gateway',
  loadConfig: () => loadPaymentsGatewayConfig(),
  port: (config) => config.PAYMENTS_GATEWAY_PORT,
  build: (config, connections) => buildPaymentsGateway({ config, connections }),
});
