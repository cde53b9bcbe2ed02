// Poker tournaments (issue 19, docs/tournaments.md): definitions validated per profile, the clock,
// seating and balancing, prizes, bounties, cancellations, the director (pure) and the store (money).
export * from './rules.ts';
export * from './definition.ts';
export * from './clock.ts';
export * from './seating.ts';
export * from './prizes.ts';
export * from './cancellation.ts';
export * from './director.ts';
export * from './store.ts';
export * from './lobby.ts';
export * from './staff.ts';
export * from './live/floor.ts';
export * from './live/room-store.ts';
export * from './live/routing-room.ts';
export * from './live/hands.ts';
