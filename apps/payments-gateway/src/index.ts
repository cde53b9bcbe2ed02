export { buildPaymentsGateway, type PaymentsGatewayOptions } from './app.ts';
export { loadPaymentsGatewayConfig, paymentsGatewayConfigSchema, type PaymentsGatewayConfig } from './config.ts';
