import type { z } from 'zod';
import type { Db } from './client.ts';

/**
 * A job is a definition (topic, payload version, zod payload schema) plus a handler. Producers
 * write `{ topic, version, payload }` to the outbox; the worker validates the payload against the
 * definition before the handler sees it. Handlers must be safe to run twice: wrap the effect in
 * `handleOnce(db, topic, messageId, …)`.
 */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  topic: string;
  version: number;
  payload: S;
  handle(payload: z.infer<S>, context: JobContext): Promise<void>;
}

export interface JobContext {
  messageId: string;
  db: Db;
}

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}
