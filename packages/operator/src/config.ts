import { enumVar } from '@casino/core';
import { z } from 'zod';
import { operatorProfileIds } from './profile.ts';

/** The variable every app that runs the domain reads: which operator profile it runs as (docs/operations.md). */
export const operatorConfigSchema = z.object({
  OPERATOR_PROFILE: enumVar(operatorProfileIds, 'CZ-FO'),
});

export type OperatorConfig = z.infer<typeof operatorConfigSchema>;
