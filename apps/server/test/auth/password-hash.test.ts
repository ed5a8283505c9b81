import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config';
import { createPasswordHasher, hashPassword, verifyPassword } from '../../src/features/auth/password-hash';

describe('password hashing profiles', () => {
  it('hashes with OWASP’s argon2id profile by default, and the operator’s commands use it too', async () => {
    expect(await createPasswordHasher().hash('Correct#Horse1')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hashPassword('Correct#Horse1')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(loadConfig({}).auth.passwordHashProfile).toBe('owasp');
  });

  it('hashes cheaply in the test profile, and either profile verifies the other’s hashes (the cost is in the hash)', async () => {
    const test = createPasswordHasher('test');
    const owasp = createPasswordHasher('owasp');
    const cheap = await test.hash('Correct#Horse1');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await owasp.verify(cheap, 'Correct#Horse1')).toBe(true);
    expect(await test.verify(await owasp.hash('Correct#Horse1'), 'Correct#Horse1')).toBe(true);
    expect(await test.verify(cheap, 'Correct#Horse2')).toBe(false);
    expect(await verifyPassword('not a hash', 'Correct#Horse1')).toBe(false);
    expect(await test.verifyAgainstDummy('Correct#Horse1')).toBe(false);
  });

  it('takes PASSWORD_HASH_PROFILE=test only with NODE_ENV=test, never in production', () => {
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_PROFILE: 'test' }).auth.passwordHashProfile).toBe('test');
    for (const env of [{}, { NODE_ENV: 'production' }, { NODE_ENV: 'development' }]) {
      expect(() => loadConfig({ ...env, PASSWORD_HASH_PROFILE: 'test' })).toThrow(ConfigError);
      expect(() => loadConfig({ ...env, PASSWORD_HASH_PROFILE: 'test' })).toThrow(/PASSWORD_HASH_PROFILE.*NODE_ENV=test/);
    }
    expect(() => loadConfig({ PASSWORD_HASH_PROFILE: 'md5' })).toThrow(/PASSWORD_HASH_PROFILE.*owasp, test/);
  });
});
