import { writeFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createScenario, exportScenario, exportScenarioVersion, getScenario, getTestSuite, listTestSuites, putTestSuite, updateScenario } from '@scenaria/api-contract';
import type { ApiClient } from '@scenaria/api-contract';
import { processingModeOfMetaDataType } from '@scenaria/components';
import type { ProcessingMode } from '@scenaria/components';
import type { ScenarioGraph } from '@scenaria/graph';
import { parseTestSuite } from '@scenaria/scenario-tests';
import { DESIGNER_HELP, DesignerError, designerClient, designerOptions, expectOk, reach } from '../designer';
import type { CliIo } from '../io';
import { EXIT, UsageError, readInput } from '../io';
import { readScenario } from '../scenarios';

export const PULL_HELP = `Usage: scenaria pull <name> --designer URL [options]

Exports a scenario or fragment from a designer as JSON (the designer's export format), to commit it to git.

Options:
  --out FILE          where to write it (default: <name>.json; - for standard output)
  --version N         a given version instead of the latest
  --suites            also write the test suites stored with it, as <suite>.test.json beside the file
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
  --suite FILE        a test suite (YAML or JSON) to store with the scenario, named after the file without
                      .test.yaml/.yaml/.json (repeatable; replaces a stored suite of that name)
${DESIGNER_HELP}
  -h, --help          show this help

Exit codes: 0 saved, 1 the designer refused or cannot be reached, 2 usage or input error.`;

/** `scenaria pull`. */
export async function pullCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { ...designerOptions, out: { type: 'string' }, version: { type: 'string' }, suites: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
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
  if (values.suites && out === '-') throw new UsageError('--suites writes files beside the scenario file: give --out FILE');
  if (out === '-') io.stdout(text);
  else {
    await writeFile(resolve(io.cwd, out), text);
    io.stdout(`${name}${version === undefined ? '' : ` version ${version}`} written to ${out}\n`);
  }
  if (values.suites) {
    const suites = await expectOk(`listing the test suites of ${name} on ${url}`, client.call(listTestSuites, { params: { scenarioName: name } }));
    for (const { name: suiteName } of suites) {
      const stored = await expectOk(`reading test suite ${suiteName} of ${name}`, client.call(getTestSuite, { params: { scenarioName: name, suiteName } }));
      // As a file beside the scenario, the suite names it, so `scenaria test` runs it as it is.
      const file = `${suiteName}.test.json`;
      await writeFile(resolve(io.cwd, dirname(out), file), `${JSON.stringify({ scenario: basename(out), ...stored.suite }, null, 2)}\n`);
      io.stdout(`test suite ${suiteName} written to ${file}\n`);
    }
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
      suite: { type: 'string', multiple: true },
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
  // Every suite is read before anything is saved, so a malformed one changes nothing on the designer.
  const suites = [];
  for (const path of values.suite ?? []) {
    const parsed = parseTestSuite(await readInput(io, path));
    if (!parsed.ok) throw new UsageError(`${path}: ${parsed.issues.map((issue) => `${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}`).join('; ')}`);
    const { scenario: _file, ...suite } = parsed.value;
    suites.push({ name: basename(path).replace(/(\.test)?\.(ya?ml|json)$/i, ''), suite });
  }
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
  for (const { name, suite } of suites) {
    await expectOk(`storing test suite ${name} with ${scenario.name} on ${url}`, client.call(putTestSuite, { params: { scenarioName: scenario.name, suiteName: name }, json: suite }));
    io.stdout(`test suite ${name} stored with ${scenario.name}\n`);
  }
  return EXIT.ok;
}
