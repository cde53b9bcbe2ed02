/**
 * The apps as other apps' tests stand them up beside their own (a staff action seen by the player
 * API, the worker's jobs behind the admin API): through this test-support package, so no app
 * declares another as a dependency (issue 15, D-1551).
 */
export { buildAdminApi, loadAdminApiConfig } from '@casino/admin-api';
export { buildPaymentsGateway, loadPaymentsGatewayConfig } from '@casino/payments-gateway';
export { buildPlayerApi, loadPlayerApiConfig } from '@casino/player-api';
export { complianceJobs, reportingJobs, startWorkerRuntime, type WorkerRuntime } from '@casino/worker';
export { buildGameService, loadGameServiceConfig } from '@casino/game-service';
