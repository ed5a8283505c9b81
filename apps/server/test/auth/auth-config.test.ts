import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config';

describe('auth configuration', () => {
  it('defaults to 15-minute access tokens, 14-day refresh tokens and no trusted proxy', () => {
    const config = loadConfig({});
    expect(config.auth).toEqual({
      accessTokenTtlS: 900,
      refreshTokenTtlS: 14 * 86_400,
      rateLimitScale: 1,
      refreshReuseGraceS: 10,
      smsDailyLimit: 500,
      passwordHashProfile: 'owasp',
    });
    expect(config.trustProxy).toBe(false);
  });

  it.each([
    ['true', true],
    ['false', false],
    ['2', 2],
    ['10.0.0.1, 10.0.0.0/8', ['10.0.0.1', '10.0.0.0/8']],
  ] as const)('TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('takes short token lifetimes for tests and e2e', () => {
    expect(
      loadConfig({
        ACCESS_TOKEN_TTL_S: '5',
        REFRESH_TOKEN_TTL_S: '60',
        AUTH_RATE_LIMIT_SCALE: '50',
        REFRESH_REUSE_GRACE_S: '0',
        SMS_DAILY_LIMIT: '20000',
      }).auth,
    ).toEqual({
      accessTokenTtlS: 5,
      refreshTokenTtlS: 60,
      rateLimitScale: 50,
      refreshReuseGraceS: 0,
      smsDailyLimit: 20_000,
      passwordHashProfile: 'owasp',
    });
  });

  it.each([
    ['ACCESS_TOKEN_TTL_S', '0'],
    ['ACCESS_TOKEN_TTL_S', '-5'],
    ['ACCESS_TOKEN_TTL_S', '1.5'],
    ['ACCESS_TOKEN_TTL_S', '999999'],
    ['REFRESH_TOKEN_TTL_S', 'week'],
    ['TRUST_PROXY', 'yes please'],
    ['AUTH_RATE_LIMIT_SCALE', '0'],
    ['REFRESH_REUSE_GRACE_S', '301'],
    ['SMS_DAILY_LIMIT', '0'],
    ['SMS_DAILY_LIMIT', '2000000'],
  ])('refuses %s=%s with one line naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name} `));
  });
});
