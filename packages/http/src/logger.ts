import type { LoggerOptions } from 'pino';

/**
 * Paths whose values never reach a log line: credentials, tokens, signatures and personal data.
 * Fastify does not log bodies, but domain code logs objects, so the personal-data keys are
 * redacted wherever they appear one or two levels deep.
 */
const sensitiveKeys = [
  'password',
  'passwordHash',
  'newPassword',
  'currentPassword',
  'secret',
  'token',
  'accessToken',
  'refreshToken',
  'otp',
  'totp',
  'smsCode',
  'verificationCode',
  'pin',
  'cvv',
  'cvc',
  'pan',
  'cardNumber',
  'iban',
  'accountNumber',
  'birthNumber',
  'nationalId',
  'dateOfBirth',
  'birthDate',
  'email',
  'phone',
  'firstName',
  'surname',
  'lastName',
  'birthSurname',
  'address',
  'residenceAddress',
  'correspondenceAddress',
  'documentNumber',
];

export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers["x-signature"]',
  'req.headers["x-webhook-signature"]',
  'res.headers["set-cookie"]',
  ...sensitiveKeys,
  ...sensitiveKeys.map((k) => `*.${k}`),
  ...sensitiveKeys.map((k) => `*.*.${k}`),
];

export function loggerOptions(level: string, service: string): LoggerOptions {
  return {
    level,
    base: { service },
    redact: { paths: redactPaths, censor: '[redacted]' },
    // Query strings can carry tokens (e-mail confirmation links): log the path only.
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        method: req.method,
        path: req.url.split('?')[0],
        id: req.id,
      }),
    },
  };
}
