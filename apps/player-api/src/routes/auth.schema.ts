import { problemResponses } from '@casino/http';
import { z } from 'zod';

export const LoginBodySchema = z.object({ email: z.email().max(254), password: z.string().min(1).max(200) });

export const TokensSchema = z.object({
  status: z.literal('authenticated'),
  playerId: z.string(),
  accessToken: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().int().describe('seconds'),
  refreshToken: z.string(),
});

export const SmsRequiredSchema = z.object({
  status: z.literal('sms-code-required'),
  playerId: z.string(),
  challengeId: z.string(),
});

export const SmsCodeBodySchema = z.object({ challengeId: z.uuid(), code: z.string().regex(/^\d{6}$/) });
export const RefreshBodySchema = z.object({ refreshToken: z.string().min(20).max(200) });

export const authProblems = problemResponses(400, 401, 403, 409, 422, 429, 503);
