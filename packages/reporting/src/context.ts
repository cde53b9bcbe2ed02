import type { Clock } from '@casino/core';
import type { Db } from '@casino/db';
import type { ReportingRules } from './rules.ts';

/** Everything the reporting use cases need, passed in once by the app or job that runs them. */
export interface ReportingContext {
  db: Db;
  clock: Clock;
  rules: ReportingRules;
}
