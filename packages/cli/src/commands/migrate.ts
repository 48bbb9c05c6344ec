import { parseArgs } from 'node:util';
import { CURRENT_MIGRATION_API_VERSION, getCurrentUser, getMigrationApiVersion, getScenario, migrateScenario } from '@scenaria/api-contract';
import type { MigrateScenarioRequest } from '@scenaria/api-contract';
import { designerClient, expectOk } from '../designer';
import type { CliIo } from '../io';
import { EXIT, UsageError } from '../io';

export const MIGRATE_HELP = `Usage: scenaria migrate <name> --from URL --to URL [options]

Migrates the latest version of a scenario or fragment from one designer to another, as the designer's own
migration does: it is read from the first and handed to the second's POST /api/migrate, which creates it when
missing (same category, processing mode and engine), saves it with its labels and records an incoming migration
naming the source environment and user. The request version (1 or 2, with labels) is the newest both sides read.

Options:
  --from URL          the designer to read from (or SCENARIA_FROM_DESIGNER)
  --to URL            the designer to migrate to (or SCENARIA_TO_DESIGNER)
  --from-user NAME, --from-password TEXT   credentials there (or SCENARIA_FROM_USER, SCENARIA_FROM_PASSWORD)
  --to-user NAME, --to-password TEXT       credentials there (or SCENARIA_TO_USER, SCENARIA_TO_PASSWORD)
  --source-environment NAME                how the target records the source (default: the --from address)
  -h, --help          show this help

Exit codes: 0 migrated, 1 a designer refused or cannot be reached, 2 usage error.`;

/** `scenaria migrate`. */
export async function migrateCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      from: { type: 'string' },
      to: { type: 'string' },
      'from-user': { type: 'string' },
      'from-password': { type: 'string' },
      'to-user': { type: 'string' },
      'to-password': { type: 'string' },
      'source-environment': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.stdout(`${MIGRATE_HELP}\n`);
    return EXIT.ok;
  }
  const [name, ...extra] = positionals;
  if (name === undefined || extra.length > 0) throw new UsageError('migrate takes one scenario name');
  const source = designerClient(io, { designer: values.from, user: values['from-user'], password: values['from-password'] }, 'SCENARIA_FROM');
  const target = designerClient(io, { designer: values.to, user: values['to-user'], password: values['to-password'] }, 'SCENARIA_TO');
  const details = await expectOk(`reading ${name} on ${source.url}`, source.client.call(getScenario, { params: { scenarioName: name }, query: { skipValidateAndResolve: 'true' } }));
  if (!details.scenarioGraph) throw new UsageError(`${source.url} answered ${name} without its graph`);
  const user = await expectOk(`reading the user on ${source.url}`, source.client.call(getCurrentUser));
  const targetVersion = await expectOk(`reading the migration version of ${target.url}`, target.client.call(getMigrationApiVersion));
  const fields = {
    sourceEnvironmentId: values['source-environment'] ?? source.url,
    remoteUserName: user.username,
    processingMode: details.processingMode,
    engineSetupName: details.engineSetupName,
    processCategory: details.processCategory,
    scenarioGraph: details.scenarioGraph,
    processName: name,
    isFragment: details.isFragment,
  };
  // A target that reads only version 1 gets the scenario without its labels, as Nussknacker's own migration does.
  const version = Math.min(targetVersion.version, CURRENT_MIGRATION_API_VERSION);
  const request: MigrateScenarioRequest =
    version >= 2 ? { version: 2, ...fields, sourceScenarioVersionId: details.processVersionId, scenarioLabels: details.labels } : { version: 1, ...fields };
  await expectOk(`migrating ${name} to ${target.url}`, target.client.call(migrateScenario, { json: request }));
  io.stdout(`${name}: version ${details.processVersionId} of ${source.url} migrated to ${target.url} (request version ${version})\n`);
  return EXIT.ok;
}
