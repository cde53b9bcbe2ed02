import { describe, expect, it } from 'vitest';
import { loadWorkerConfig } from './config.ts';

const env = { JWT_SECRET: 'x'.repeat(32), PII_ENCRYPTION_KEY: 'k'.repeat(44), PII_HASH_KEY: 'h'.repeat(44) };

describe('worker database pool (issue 14 (10), D-1434)', () => {
  it('issue 14 (10): unset, the pool holds a connection per concurrent job plus the outbox relay and the schedules', () => {
    expect(loadWorkerConfig(env).DATABASE_POOL_MAX).toBe(12);
    expect(loadWorkerConfig({ ...env, WORKER_CONCURRENCY: '20' }).DATABASE_POOL_MAX).toBe(22);
  });

  it('issue 14 (10): a pool smaller than the concurrency needs is refused at start-up, naming the variable', () => {
    expect(() => loadWorkerConfig({ ...env, WORKER_CONCURRENCY: '20', DATABASE_POOL_MAX: '10' })).toThrow(
      /DATABASE_POOL_MAX: must be at least WORKER_CONCURRENCY \+ 2 \(22\)/,
    );
    expect(loadWorkerConfig({ ...env, WORKER_CONCURRENCY: '20', DATABASE_POOL_MAX: '30' }).DATABASE_POOL_MAX).toBe(30);
  });
});
