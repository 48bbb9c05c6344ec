import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hash as bcryptHash } from '@node-rs/bcrypt';
import { nativeBcrypt } from '@scenaria/auth';
import type { PasswordHasher } from '@scenaria/auth';
import { parseConfig } from '../src/config/load-config';
import type { ServerConfigInput } from '../src/config/config-schema';
import { openTestDatabase, startTestServer, testConfigInput } from './harness';
import type { TestDatabase, TestServer } from './harness';

// Sign-in that cannot be used against the server (issue 12): hashing off the event loop, the same work for
// unknown and known users, failure limits, and the /metrics guard. Each case runs its own real server over
// one shared database, since the limits and the metrics settings are fixed at start.

const basic = (username: string, password: string) => `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

/** The real hasher, recording which hashes it was asked to compare against. */
function recordingHasher(): PasswordHasher & { compared: string[] } {
  const compared: string[] = [];
  return {
    compared,
    verify: (password, encodedHash) => {
      compared.push(encodedHash);
      return nativeBcrypt.verify(password, encodedHash);
    },
    hash: (password, cost) => nativeBcrypt.hash(password, cost),
    costOf: (encodedHash) => nativeBcrypt.costOf(encodedHash),
  };
}

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase('pglite');
});
afterAll(async () => {
  await database.cleanup();
});

async function withServer(
  overrides: Partial<ServerConfigInput>,
  run: (server: TestServer) => Promise<void>,
  passwordHasher?: PasswordHasher,
): Promise<void> {
  const config = parseConfig(testConfigInput(overrides), 'test');
  const server = await startTestServer('pglite', { database, config, deps: passwordHasher ? { passwordHasher } : {} });
  try {
    await run(server);
  } finally {
    await server.close();
  }
}

const get = (server: TestServer, path: string, authorization?: string) =>
  fetch(`${server.baseUrl}${path}`, authorization ? { headers: { authorization } } : {});

describe('password hashing', () => {
  test('the health check answers at once while 32 wrong passwords are being checked', async () => {
    // Cost 10 as in real configurations: 32 comparisons keep the thread pool busy for a good while.
    const users = [...testConfigInput().users!, { identity: 'slow', password: await bcryptHash('slow', { cost: 10 }), roles: ['Reader'] }];
    await withServer({ users }, async (server) => {
      let settled = 0;
      const attempts = Array.from({ length: 32 }, (_, i) =>
        get(server, '/api/processes', basic('slow', `wrong-${i}`)).then(async (response) => {
          settled++;
          await response.arrayBuffer();
          return response.status;
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      const health = await get(server, '/api/app/healthCheck');
      const settledWhenHealthy = settled;
      expect(health.status).toBe(200);
      await health.arrayBuffer();
      expect(await Promise.all(attempts)).toEqual(Array(32).fill(401));
      // By structure, not by time (a timed bound flakes on a shared machine): the health check was
      // answered while comparisons were still running, which only happens when they do not hold the
      // event loop. With bcrypt on the event loop every comparison finished first.
      expect(settledWhenHealthy).toBeLessThan(32);
    });
  });

  test('an unknown user costs one comparison against a hash of the users\' cost, as a known one does', async () => {
    const hasher = recordingHasher();
    await withServer({}, async (server) => {
      const readerHash = server.config.current.users.find((user) => user.identity === 'reader')!.password!;
      // The stand-in hash is made at start; the comparisons below are what each attempt costs.
      const before = hasher.compared.length;
      const known = await get(server, '/api/processes', basic('reader', 'wrong'));
      const unknown = await get(server, '/api/processes', basic('no-such-user', 'wrong'));
      expect(known.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(await unknown.json()).toEqual(await known.json());
      const [knownHash, unknownHash, ...rest] = hasher.compared.slice(before);
      expect(rest).toEqual([]);
      expect(knownHash).toBe(readerHash);
      expect(unknownHash).toMatch(/^\$2[aby]\$/);
      expect(nativeBcrypt.costOf(unknownHash!)).toBe(nativeBcrypt.costOf(readerHash));
      expect(server.config.current.users.map((user) => user.password)).not.toContain(unknownHash);

      // A verified header is remembered: the second request compares nothing.
      expect((await get(server, '/api/processes', basic('reader', 'reader'))).status).toBe(200);
      const afterSignIn = hasher.compared.length;
      expect((await get(server, '/api/processes', basic('reader', 'reader'))).status).toBe(200);
      expect(hasher.compared.length).toBe(afterSignIn);
    }, hasher);
  });
});

describe('failure limits', () => {
  test('per user: 429 with Retry-After after the limit, without hashing, for known and unknown names', async () => {
    const hasher = recordingHasher();
    const limits = { maxFailuresPerUser: 3, maxFailuresPerAddress: 1000, failureWindowSeconds: 60 };
    await withServer({ signInLimits: limits }, async (server) => {
      // Signed in before the attack: its verified header keeps working.
      expect((await get(server, '/api/processes', basic('writer', 'writer'))).status).toBe(200);
      for (const username of ['reader', 'no-such-user', 'writer']) {
        for (let i = 0; i < 3; i++) expect((await get(server, '/api/processes', basic(username, `wrong-${i}`))).status).toBe(401);
        const compared = hasher.compared.length;
        // Even the right password is not checked any more (writer's right header is the remembered one).
        for (const password of username === 'writer' ? ['wrong-again'] : ['wrong-again', username]) {
          const limited = await get(server, '/api/processes', basic(username, password));
          expect(limited.status).toBe(429);
          const retryAfter = Number(limited.headers.get('retry-after'));
          expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, String(retryAfter)).toBe(true);
          expect(limited.headers.get('content-type')).toMatch(/^application\/json/);
          expect(((await limited.json()) as { message: string }).message).toMatch(/Too many failed sign-in attempts/);
        }
        expect(hasher.compared.length).toBe(compared);
      }
      expect((await get(server, '/api/processes', basic('writer', 'writer'))).status).toBe(200);
      expect((await get(server, '/api/processes', basic('outsider', 'outsider'))).status).toBe(200);
      // A success forgives the user's earlier failures.
      expect((await get(server, '/api/processes', basic('admin', 'wrong'))).status).toBe(401);
      expect((await get(server, '/api/processes', basic('admin', 'wrong'))).status).toBe(401);
      expect((await get(server, '/api/processes', basic('admin', 'admin'))).status).toBe(200);
      for (let i = 0; i < 3; i++) expect((await get(server, '/api/processes', basic('admin', `again-${i}`))).status).toBe(401);
    }, hasher);
  });

  test('concurrent attempts cannot pass the limit together', async () => {
    await withServer({ signInLimits: { maxFailuresPerUser: 5, maxFailuresPerAddress: 1000 } }, async (server) => {
      const statuses = await Promise.all(Array.from({ length: 20 }, (_, i) => get(server, '/api/processes', basic('writer', `guess-${i}`)).then((response) => response.status)));
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    });
  });

  test('per client address: 429 for every name once one address failed too often', async () => {
    await withServer({ signInLimits: { maxFailuresPerUser: 1000, maxFailuresPerAddress: 5, failureWindowSeconds: 120 } }, async (server) => {
      // Successful sign-ins do not count.
      expect((await get(server, '/api/processes', basic('writer', 'writer'))).status).toBe(200);
      for (let i = 0; i < 5; i++) expect((await get(server, '/api/processes', basic(`spray-${i}`, 'password'))).status).toBe(401);
      for (const [username, password] of [['spray-5', 'password'], ['reader', 'reader']] as const) {
        const limited = await get(server, '/api/processes', basic(username, password));
        expect(limited.status).toBe(429);
        expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(60);
        expect(await limited.json()).toHaveProperty('message');
      }
      // The health check and already verified credentials are not affected.
      expect((await get(server, '/api/app/healthCheck')).status).toBe(200);
      expect((await get(server, '/api/processes', basic('writer', 'writer'))).status).toBe(200);
    });
  });
});

describe('/metrics guard', () => {
  test('by default: an admin\'s credentials, 401 without, 403 for other users', async () => {
    await withServer({}, async (server) => {
      const anonymous = await get(server, '/metrics');
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get('www-authenticate')).toMatch(/^Basic/);
      expect(await anonymous.json()).toHaveProperty('message');
      expect((await get(server, '/metrics', basic('admin', 'wrong'))).status).toBe(401);
      expect((await get(server, '/metrics', basic('reader', 'reader'))).status).toBe(403);
      const admin = await get(server, '/metrics', basic('admin', 'admin'));
      expect(admin.status).toBe(200);
      expect(await admin.text()).toContain('scenaria_node_records_in_total');
      expect((await get(server, '/metrics', 'Bearer some-token-without-configuration')).status).toBe(401);
    });
  });

  test('with an anonymous role still closed to requests without credentials', async () => {
    await withServer({ anonymousUserRole: 'Admin' }, async (server) => {
      expect((await get(server, '/metrics')).status).toBe(401);
    });
  });

  test('a bearer token for scrapers', async () => {
    const token = 'scrape-token-0123456789abcdef';
    await withServer({ metrics: { bearerToken: token } }, async (server) => {
      expect((await get(server, '/metrics', `Bearer ${token}`)).status).toBe(200);
      const wrong = await get(server, '/metrics', `Bearer ${token}x`);
      expect(wrong.status).toBe(401);
      expect(wrong.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect((await get(server, '/metrics')).status).toBe(401);
      expect((await get(server, '/metrics', basic('admin', 'admin'))).status).toBe(200);
      // The token is a secret: the config endpoint says only that there is one.
      const shown = await get(server, '/api/app/config', basic('admin', 'admin'));
      const text = await shown.text();
      expect(text).not.toContain(token);
      expect(JSON.parse(text)).toMatchObject({ metrics: { hasBearerToken: true } });
    });
  });

  test('public or disabled', async () => {
    await withServer({ metrics: { public: true } }, async (server) => {
      expect((await get(server, '/metrics')).status).toBe(200);
    });
    await withServer({ metrics: { enabled: false } }, async (server) => {
      const disabled = await get(server, '/metrics', basic('admin', 'admin'));
      expect(disabled.status).toBe(404);
      expect(await disabled.json()).toHaveProperty('message');
    });
  });

  test('a short bearer token is refused when the file is read', () => {
    expect(() => parseConfig(testConfigInput({ metrics: { bearerToken: 'short' } }), 'test')).toThrow(/metrics\.bearerToken/);
  });
});
