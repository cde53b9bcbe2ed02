import type { Db } from './client.ts';

/**
 * One beat of a worker process: its row in worker_heartbeat, the time of the last beat and how many
 * there were. Wall time on purpose: a heartbeat tells operators the process is alive, now.
 */
export async function recordWorkerHeartbeat(db: Db, workerId: string, at: Date = new Date()): Promise<void> {
  await db.workerHeartbeat.upsert({
    where: { workerId },
    create: { workerId, beatAt: at, beats: 1n },
    update: { beatAt: at, beats: { increment: 1n } },
  });
}
