import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createScenario, exportScenario, exportScenarioVersion, getScenario, updateScenario } from '@scenaria/api-contract';
import type { ApiClient } from '@scenaria/api-contract';
import { processingModeOfMetaDataType } from '@scenaria/components';
import type { ProcessingMode } from '@scenaria/components';
import type { ScenarioGraph } from '@scenaria/graph';
import { DESIGNER_HELP, DesignerError, designerClient, designerOptions, expectOk, reach } from '../designer';
import type { CliIo } from '../io';
import { EXIT, UsageError } from '../io';
import { readScenario } from '../scenarios';

export const PULL_HELP = `Usage: scenaria pull <name> --designer URL [options]

Exports a scenario or fragment from a designer as JSON (the designer's export format), to commit it to git.

Options:
  --out FILE          where to write it (default: <name>.json; - for standard output)
  --version N         a given version instead of the latest
${DESIGNER_HELP}
  -h, --help          show this help

Exit codes: 0 written, 1 the designer refused or cannot be reached, 2 usage error.`;

export const PUSH_HELP = `Usage: scenaria push <file> --designer URL --comment TEXT [options]

Saves a scenario file (exported JSON) on a designer as a new version with a comment. A scenario the designer
does not have yet is created first, in the category given with --category. Saving the same graph again
creates no new version.

Options:
  --comment TEXT      the version's comment (required)
  --category NAME     the category of a scenario created by this push
  --label NAME        a scenario label (repeatable; replaces the labels when given)
${DESIGNER_HELP}
  -h, --help          show this help

Exit codes: 0 saved, 1 the designer refused or cannot be reached, 2 usage or input error.`;

/** `scenaria pull`. */
export async function pullCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { ...designerOptions, out: { type: 'string' }, version: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    io.stdout(`${PULL_HELP}\n`);
    return EXIT.ok;
  }
  const [name, ...extra] = positionals;
  if (name === undefined || extra.length > 0) throw new UsageError('pull takes one scenario name');
  const version = values.version === undefined ? undefined : Number(values.version);
  if (version !== undefined && !(Number.isInteger(version) && version > 0)) throw new UsageError('--version takes a version number');
  const { client, url } = designerClient(io, values);
  const exported = await expectOk(
    `exporting ${name} from ${url}`,
    version === undefined
      ? client.call(exportScenario, { params: { scenarioName: name } })
      : client.call(exportScenarioVersion, { params: { scenarioName: name, versionId: version } }),
  );
  const text = `${JSON.stringify(exported, null, 2)}\n`;
  const out = values.out ?? `${name}.json`;
  if (out === '-') io.stdout(text);
  else {
    await writeFile(resolve(io.cwd, out), text);
    io.stdout(`${name}${version === undefined ? '' : ` version ${version}`} written to ${out}\n`);
  }
  return EXIT.ok;
}

/** What `saveOnDesigner` saves: a scenario's name, kind and graph. */
export interface ScenarioToSave {
  name: string;
  isFragment: boolean;
  graph: ScenarioGraph;
}

/** How a save is recorded, and where a scenario it creates goes. */
export interface SaveOptions {
  comment: string;
  category?: string;
  processingMode?: ProcessingMode;
  engineSetupName?: string;
  labels?: string[];
}

/**
 * Saves a graph on a designer, creating the scenario first when the designer lacks it, exactly as the designer's
 * own "Save" does (a new version only when the graph changed).
 */
export async function saveOnDesigner(client: ApiClient, url: string, scenario: ScenarioToSave, options: SaveOptions): Promise<{ created: boolean; versionId: number; isNewVersion: boolean }> {
  let created = false;
  const what = `reading ${scenario.name} on ${url}`;
  const existing = await reach(what, client.call(getScenario, { params: { scenarioName: scenario.name }, query: { skipValidateAndResolve: 'true' } }));
  if (!existing.ok && existing.status !== 404) throw new DesignerError(`${what}: ${existing.status} ${existing.error.message}`);
  if (!existing.ok) {
    if (options.category === undefined) throw new UsageError(`${url} has no scenario ${scenario.name}: give --category to create it`);
    await expectOk(
      `creating ${scenario.name} on ${url}`,
      client.call(createScenario, {
        json: {
          name: scenario.name,
          isFragment: scenario.isFragment,
          category: options.category,
          ...(options.processingMode ? { processingMode: options.processingMode } : {}),
          ...(options.engineSetupName ? { engineSetupName: options.engineSetupName } : {}),
        },
      }),
    );
    created = true;
  }
  const saved = await expectOk(
    `saving ${scenario.name} on ${url}`,
    client.call(updateScenario, {
      params: { scenarioName: scenario.name },
      json: { scenarioGraph: scenario.graph, comment: options.comment, ...(options.labels ? { scenarioLabels: options.labels } : {}) },
    }),
  );
  return { created, versionId: saved.processVersionId, isNewVersion: saved.isNewVersion };
}

/** `scenaria push`. */
export async function pushCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      ...designerOptions,
      comment: { type: 'string' },
      category: { type: 'string' },
      label: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.stdout(`${PUSH_HELP}\n`);
    return EXIT.ok;
  }
  const [file, ...extra] = positionals;
  if (file === undefined || extra.length > 0) throw new UsageError('push takes one scenario file');
  if (values.comment === undefined || values.comment.trim() === '') throw new UsageError('push needs --comment');
  const { client, url } = designerClient(io, values);
  const scenario = await readScenario(io, file);
  const metaDataType = scenario.canonical.metaData.additionalFields.metaDataType;
  const processingMode = processingModeOfMetaDataType(metaDataType);
  const outcome = await saveOnDesigner(
    client,
    url,
    { name: scenario.name, isFragment: metaDataType === 'FragmentSpecificData', graph: scenario.graph },
    {
      comment: values.comment,
      ...(values.category ? { category: values.category } : {}),
      ...(processingMode ? { processingMode } : {}),
      ...(values.label ? { labels: values.label } : {}),
    },
  );
  io.stdout(
    `${scenario.name}: ${outcome.created ? 'created, ' : ''}${outcome.isNewVersion ? `saved as version ${outcome.versionId}` : `unchanged (version ${outcome.versionId})`} on ${url}\n`,
  );
  return EXIT.ok;
}
