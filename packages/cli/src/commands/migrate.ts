import { parseArgs } from 'node:util';
import { getScenario } from '@scenaria/api-contract';
import { designerClient, expectOk } from '../designer';
import type { CliIo } from '../io';
import { EXIT, UsageError } from '../io';
import { saveOnDesigner } from './pull-push';

export const MIGRATE_HELP = `Usage: scenaria migrate <name> --from URL --to URL [options]

Copies the latest version of a scenario or fragment from one designer to another: it is read from the first and
saved on the second as a new version (created there first, in the same category, when it is missing), with its
labels and a comment naming where it came from.

Options:
  --from URL          the designer to read from (or SCENARIA_FROM_DESIGNER)
  --to URL            the designer to save on (or SCENARIA_TO_DESIGNER)
  --from-user NAME, --from-password TEXT   credentials there (or SCENARIA_FROM_USER, SCENARIA_FROM_PASSWORD)
  --to-user NAME, --to-password TEXT       credentials there (or SCENARIA_TO_USER, SCENARIA_TO_PASSWORD)
  --category NAME     the category on the target, when it differs from the source's
  --comment TEXT      the version's comment (default: "Migrated from <source>, version <n>")
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
      category: { type: 'string' },
      comment: { type: 'string' },
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
  const outcome = await saveOnDesigner(
    target.client,
    target.url,
    { name, isFragment: details.isFragment, graph: details.scenarioGraph },
    {
      comment: values.comment ?? `Migrated from ${source.url}, version ${details.processVersionId}`,
      category: values.category ?? details.processCategory,
      processingMode: details.processingMode,
      engineSetupName: details.engineSetupName,
      labels: details.labels,
    },
  );
  io.stdout(`${name}: version ${details.processVersionId} of ${source.url} ${outcome.created ? 'created' : outcome.isNewVersion ? 'saved' : 'already current'} on ${target.url} as version ${outcome.versionId}\n`);
  return EXIT.ok;
}
