import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { ConfigStore } from './config/config-store';
import { loadConfig, usersWithTrialPasswords } from './config/load-config';
import { openDatabase } from './db/database';
import { seedExamples } from './seed/examples';

// The designer built next to this app (apps/designer/build), served from the same origin when present.
function designerBuild(): string | undefined {
  if (process.env.SCENARIA_STATIC_DIR) return process.env.SCENARIA_STATIC_DIR;
  const candidate = resolve(dirname(fileURLToPath(import.meta.url)), '../../designer/build');
  return existsSync(resolve(candidate, 'index.html')) ? candidate : undefined;
}

// What a failed listen means for someone starting the server, and how to move it.
function listenFailure(error: NodeJS.ErrnoException, port: number): string {
  const what = `the Scenaria server's HTTP port (web app, REST API and request-response scenario endpoints under /scenario/)`;
  if (error.code === 'EADDRINUSE') {
    return `Port ${port} is already in use by another program; it is ${what}. Stop that program or choose another port with the PORT environment variable, e.g. PORT=8090 npm run quickstart.`;
  }
  if (error.code === 'EACCES') return `Port ${port} needs privileges this process lacks; it is ${what}. Choose another port with the PORT environment variable, e.g. PORT=8090.`;
  return `Cannot listen on port ${port} (${what}): ${error.message}. The PORT environment variable chooses the port.`;
}

async function main(): Promise<void> {
  const configFile = process.env.SCENARIA_CONFIG;
  const config = new ConfigStore(await loadConfig(configFile), () => loadConfig(configFile));
  const port = Number(process.env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${process.env.PORT}`);
  const dataDir = process.env.SCENARIA_DATA_DIR ?? './.scenaria-data';
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const database = await openDatabase({ databaseUrl, dataDir });
  const staticDir = designerBuild();
  const built = createApp({ db: database.db, config, ...(staticDir ? { staticDir } : {}), ...(databaseUrl ? { databaseUrl } : {}) });
  const { services } = built;
  if (config.current.seedExamples) {
    const seeded = await seedExamples(database.db, config, services.scenarios);
    if (seeded.length > 0) console.info(`Seeded example scenarios: ${seeded.join(', ')}`);
  }
  // The deployment managers resume the deployments they persisted before the HTTP server takes requests.
  await built.start();
  const trial = usersWithTrialPasswords(config.current);
  if (trial.length > 0) {
    console.warn(`WARNING: users ${trial.join(', ')} still have the default trial passwords; set SCENARIA_CONFIG to a configuration with your own users.`);
  }
  const server = createServer(built.requestListener);
  server.listen(port, () => {
    const info = server.address() as AddressInfo;
    built.listeningAt(`http://localhost:${info.port}`);
    console.info(
      `Scenaria API listening on http://localhost:${info.port} (database: ${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${resolve(dataDir)}`}, config: ${configFile ?? 'built-in default'}${staticDir ? `, web app: ${staticDir}` : ''})`,
    );
  });
  // Without a listener, a taken port is an uncaught exception: a bare `EADDRINUSE` stack that names no remedy.
  server.once('error', (error: NodeJS.ErrnoException) => {
    console.error(listenFailure(error, port));
    void built
      .close()
      .then(() => database.close())
      .finally(() => process.exit(1));
  });
  // Longer than the idle timeouts of common proxies and clients, so a reused connection is not closed under them.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const shutdown = () => {
    server.close();
    void built
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
