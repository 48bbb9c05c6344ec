import { describe, expect, test } from 'vitest';
import { claimAt, rolesFrom, userFromClaims } from './claims';
import { TokenCache } from './token-cache';

describe('TokenCache', () => {
  test('answers until the entry expires, and never holds more than its bound', () => {
    let now = 0;
    const cache = new TokenCache<string>(1000, 2, () => now);
    cache.set('a', 'alice');
    cache.set('b', 'bob');
    cache.set('c', 'carol');
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('bob');
    now = 1000;
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBeUndefined();
  });

  test('a zero lifetime caches nothing', () => {
    const cache = new TokenCache<string>(0, 10, () => 0);
    cache.set('a', 'alice');
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('claims', () => {
  test('dotted paths, role lists and strings, and users-file overrides', () => {
    const claims = { sub: 'u1', realm_access: { roles: ['Writer', 1, 'Reader'] }, scope: 'a b,c' };
    expect(claimAt(claims, 'realm_access.roles')).toEqual(['Writer', 1, 'Reader']);
    expect(claimAt(claims, 'realm_access.__proto__')).toBeUndefined();
    expect(claimAt(claims, 'missing.path')).toBeUndefined();
    expect(rolesFrom(claimAt(claims, 'realm_access.roles'))).toEqual(['Writer', 'Reader']);
    expect(rolesFrom(claims.scope)).toEqual(['a', 'b', 'c']);
    expect(userFromClaims('u1', 'User One', ['Writer'], [])).toEqual({ identity: 'u1', username: 'User One', roles: ['Writer'] });
    expect(userFromClaims('u1', undefined, ['Writer'], [{ identity: 'u1', username: 'Robot', roles: ['Admin'] }])).toEqual({ identity: 'u1', username: 'Robot', roles: ['Admin'] });
    expect(userFromClaims('u2', undefined, [], [])).toEqual({ identity: 'u2', username: 'u2', roles: [] });
  });
});
