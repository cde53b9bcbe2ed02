import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import {
  ConfigError,
  baseConfigSchema,
  boolVar,
  enumVar,
  intVar,
  parseConfig,
  portVar,
  redactUrl,
  secretVar,
  urlVar,
} from './config.ts';

const JWT_SECRET = 'a-very-long-jwt-secret-0123456789abcdef';
const appSchema = baseConfigSchema.extend({ PLAYER_API_PORT: portVar(3001) });

function configErrorOf(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ConfigError) return e;
    throw e;
  }
  throw new Error('expected a ConfigError');
}

describe('parseConfig', () => {
  it('applies every default when only the required secret is set', () => {
    expect(parseConfig(appSchema, { JWT_SECRET })).toEqual({
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/casino',
      REDIS_URL: 'redis://127.0.0.1:6379',
      JWT_SECRET,
      PLAYER_API_PORT: 3001,
    });
  });

  it('a missing JWT_SECRET is reported by name with what it needs', () => {
    const error = configErrorOf(() => parseConfig(appSchema, {}));
    expect(error.message).toBe('Invalid configuration:\n  - JWT_SECRET: required, at least 32 characters');
  });

  it('an empty variable counts as unset: defaults apply and required ones are reported as missing', () => {
    const error = configErrorOf(() => parseConfig(appSchema, { JWT_SECRET: '', LOG_LEVEL: '' }));
    expect(error.problems).toEqual([{ variable: 'JWT_SECRET', message: 'required, at least 32 characters' }]);
    expect(parseConfig(appSchema, { JWT_SECRET, PLAYER_API_PORT: '' }).PLAYER_API_PORT).toBe(3001);
  });

  it('a bad port names the variable, the expectation and the offending value', () => {
    const error = configErrorOf(() => parseConfig(appSchema, { JWT_SECRET, PLAYER_API_PORT: 'abc' }));
    expect(error.message).toBe('Invalid configuration:\n  - PLAYER_API_PORT: expected an integer between 1 and 65535, got "abc"');
    for (const bad of ['0', '65536', '80.0', '0x50', '1e3', ' 80', '-1']) {
      expect(() => parseConfig(appSchema, { JWT_SECRET, PLAYER_API_PORT: bad })).toThrow(ConfigError);
    }
    expect(parseConfig(appSchema, { JWT_SECRET, PLAYER_API_PORT: '65535' }).PLAYER_API_PORT).toBe(65535);
  });

  it('lists every bad variable at once, not just the first', () => {
    const error = configErrorOf(() =>
      parseConfig(appSchema, { NODE_ENV: 'prod', LOG_LEVEL: 'loud', REDIS_URL: 'http://cache', PLAYER_API_PORT: 'x' }),
    );
    expect(error.problems.map((p) => p.variable).sort()).toEqual(
      ['JWT_SECRET', 'LOG_LEVEL', 'NODE_ENV', 'PLAYER_API_PORT', 'REDIS_URL'].sort(),
    );
    expect(error.message).toContain('NODE_ENV: expected one of development, test, production, got "prod"');
    expect(error.message).toContain('REDIS_URL: expected a redis:// or rediss:// URL, got "http://cache"');
  });

  it('never echoes the value of a variable whose name looks secret', () => {
    const schema = z.object({
      JWT_SECRET: secretVar(32),
      DB_PASSWORD: secretVar(12),
      PSP_API_KEY: secretVar(20),
      SLACK_TOKEN: secretVar(20),
    });
    const values = { JWT_SECRET: 'short-secret', DB_PASSWORD: 'hunter2', PSP_API_KEY: 'pk_live_1', SLACK_TOKEN: 'xoxb-1' };
    const error = configErrorOf(() => parseConfig(schema, values));
    for (const value of Object.values(values)) expect(error.message).not.toContain(value);
    expect(error.message).toContain('JWT_SECRET: at least 32 characters, got <redacted>');
    expect(error.message).toContain('DB_PASSWORD: at least 12 characters, got <redacted>');
  });

  it('masks the password of a URL shown in an error message', () => {
    const error = configErrorOf(() =>
      parseConfig(appSchema, { JWT_SECRET, DATABASE_URL: 'mysql://casino:S3cr3t-pw@db.internal:3306/casino' }),
    );
    expect(error.message).not.toContain('S3cr3t-pw');
    expect(error.message).toContain('got "mysql://casino:***@db.internal:3306/casino"');
  });

  it('returns a frozen object so configuration cannot change after start-up', () => {
    const config = parseConfig(appSchema, { JWT_SECRET });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('quotes shown values so newlines cannot forge extra log lines', () => {
    const error = configErrorOf(() => parseConfig(appSchema, { JWT_SECRET, LOG_LEVEL: 'info\n  - FAKE: injected' }));
    expect(error.message.split('\n')).toHaveLength(2);
  });
});

describe('redactUrl', () => {
  it('masks user-info passwords, including redis-style ":password@" and passwords containing "@" or "/"', () => {
    expect(redactUrl('postgres://user:pw@host:5432/db')).toBe('postgres://user:***@host:5432/db');
    expect(redactUrl('redis://:pw@cache:6379')).toBe('redis://:***@cache:6379');
    expect(redactUrl('postgres://user:p@ss/w0rd@host/db')).toBe('postgres://user:***@host/db');
  });

  it('masks password-like query parameters and leaves password-free URLs untouched', () => {
    expect(redactUrl('postgresql://host/db?user=app&password=pw&sslmode=require')).toBe(
      'postgresql://host/db?user=app&password=***&sslmode=require',
    );
    expect(redactUrl('postgresql://postgres@127.0.0.1:5432/casino')).toBe('postgresql://postgres@127.0.0.1:5432/casino');
    expect(redactUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
    expect(redactUrl('not a url')).toBe('not a url');
  });
});

describe('field builders', () => {
  it('intVar enforces integer syntax and bounds; boolVar accepts only true/false/1/0', () => {
    const schema = z.object({ POOL_SIZE: intVar(10, { min: 1, max: 100 }), TRUST_PROXY: boolVar(false) });
    expect(parseConfig(schema, {})).toEqual({ POOL_SIZE: 10, TRUST_PROXY: false });
    expect(parseConfig(schema, { POOL_SIZE: '25', TRUST_PROXY: '1' })).toEqual({ POOL_SIZE: 25, TRUST_PROXY: true });
    const error = configErrorOf(() => parseConfig(schema, { POOL_SIZE: '101', TRUST_PROXY: 'yes' }));
    expect(error.problems).toEqual([
      { variable: 'POOL_SIZE', message: 'expected an integer between 1 and 100, got "101"' },
      { variable: 'TRUST_PROXY', message: 'expected one of true, false, 1, 0, got "yes"' },
    ]);
  });

  it('enumVar and urlVar without a default are required', () => {
    const schema = z.object({ REGION: enumVar(['cz', 'sk']), PSP_URL: urlVar(undefined, ['https']) });
    const error = configErrorOf(() => parseConfig(schema, {}));
    expect(error.problems).toEqual([
      { variable: 'REGION', message: 'required, expected one of cz, sk' },
      { variable: 'PSP_URL', message: 'required, expected a https:// URL' },
    ]);
    expect(parseConfig(schema, { REGION: 'sk', PSP_URL: 'https://psp.example/api' })).toEqual({
      REGION: 'sk',
      PSP_URL: 'https://psp.example/api',
    });
  });

  it('builders refuse defaults that their own validation would reject', () => {
    expect(() => portVar(70000)).toThrow();
    expect(() => enumVar(['a', 'b'], 'c' as 'a')).toThrow();
    expect(() => urlVar('http://x', ['postgres'])).toThrow();
  });
});
