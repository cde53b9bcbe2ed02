/** Every process `npm start` runs, in start order (the sandbox first: others call it). */
export const services = [
  {
    name: 'sandbox',
    portVariable: 'SANDBOX_PORT',
    port: 3005,
    what: 'simulated ministry registers, payment provider, mail and SMS',
  },
  { name: 'player-api', portVariable: 'PLAYER_API_PORT', port: 3001, what: 'players: registration, limits, cashier, history' },
  { name: 'admin-api', portVariable: 'ADMIN_API_PORT', port: 3002, what: 'staff: compliance, support, finance, auditors' },
  {
    name: 'game-service',
    portVariable: 'GAME_SERVICE_PORT',
    port: 3003,
    what: 'roulette, blackjack, Plátýnko and poker cash tables',
  },
  { name: 'payments-gateway', portVariable: 'PAYMENTS_GATEWAY_PORT', port: 3004, what: 'payment-provider webhooks and payouts' },
  { name: 'worker', portVariable: 'WORKER_PORT', port: 3006, what: 'outbox relay, jobs and schedules (health and metrics only)' },
  // Last: it fronts the player API and the game service; the banner prints its address first (issue 17).
  { name: 'web', portVariable: 'WEB_PORT', port: 3000, what: "the players' web application: open this one" },
  // It fronts the admin API; the banner prints its address second (issue 21).
  { name: 'console', portVariable: 'CONSOLE_PORT', port: 3007, what: 'the back-office console for staff' },
] as const;

export type ServiceName = (typeof services)[number]['name'];
