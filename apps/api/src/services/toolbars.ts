import { createHash } from 'node:crypto';
import type { ScenarioToolbarSettings } from '@scenaria/api-contract';

// The scenario page's toolbar layout as Nussknacker 1.18 configures it by default (`processToolbarConfig`
// of its defaultDesignerConfig.conf): panels and buttons, each optionally hidden or disabled for fragments
// or archived scenarios.

/** When a panel or button is hidden/disabled: `oneof` (default) needs one set flag to match, `allof` all. */
interface Condition {
  fragment?: boolean;
  archived?: boolean;
  type?: 'oneof' | 'allof';
}

interface ButtonConfig {
  type: string;
  name?: string;
  title?: string;
  icon?: string;
  url?: string;
  disabled?: Condition;
  hidden?: Condition;
}

interface PanelConfig {
  id?: string;
  type: string;
  title?: string;
  buttonsVariant?: 'small' | 'long';
  hidden?: Condition;
  buttons?: ButtonConfig[];
}

interface ToolbarsConfig {
  topLeft: PanelConfig[];
  bottomLeft: PanelConfig[];
  topRight: PanelConfig[];
  bottomRight: PanelConfig[];
}

const archivedOnly: Condition = { archived: true };
const fragmentOrArchived: Condition = { fragment: true, archived: true, type: 'oneof' };

const DEFAULT_TOOLBARS: ToolbarsConfig = {
  topLeft: [
    { type: 'search-panel' },
    { type: 'tips-panel' },
    { type: 'creator-panel', hidden: archivedOnly },
    { type: 'activities-panel' },
  ],
  bottomLeft: [],
  topRight: [
    { type: 'process-info-panel' },
    {
      type: 'process-actions-panel',
      buttons: [
        { type: 'process-save', title: 'Save changes', disabled: archivedOnly },
        { type: 'process-deploy', disabled: fragmentOrArchived },
        { type: 'process-cancel', disabled: fragmentOrArchived },
        { type: 'custom-link', name: 'metrics', icon: '/assets/buttons/metrics.svg', url: '/metrics/$processName', disabled: { fragment: true } },
      ],
    },
    { id: 'view-panel', type: 'buttons-panel', title: 'view', buttons: [{ type: 'view-zoom-in' }, { type: 'view-zoom-out' }, { type: 'view-reset' }] },
    {
      id: 'edit-panel',
      type: 'buttons-panel',
      title: 'edit',
      hidden: archivedOnly,
      buttonsVariant: 'small',
      buttons: ['edit-undo', 'edit-redo', 'edit-copy', 'edit-paste', 'edit-delete', 'edit-layout'].map((type) => ({ type })),
    },
    {
      id: 'process-panel',
      type: 'buttons-panel',
      title: 'scenario',
      buttons: [
        { type: 'process-properties' },
        { type: 'process-compare' },
        { type: 'process-migrate', disabled: archivedOnly },
        { type: 'process-import', disabled: archivedOnly },
        { type: 'process-json' },
        { type: 'process-pdf' },
        { type: 'process-archive', hidden: archivedOnly },
        { type: 'process-unarchive', hidden: { archived: false } },
      ],
    },
    {
      id: 'test-panel',
      type: 'buttons-panel',
      title: 'test',
      buttons: [
        { type: 'generate-and-test', disabled: archivedOnly, hidden: { fragment: true } },
        { type: 'adhoc-testing', disabled: archivedOnly },
        { type: 'test-counts' },
        { type: 'test-from-file', disabled: archivedOnly, hidden: { fragment: true } },
        { type: 'test-generate', disabled: archivedOnly, hidden: { fragment: true } },
        { type: 'test-hide' },
      ],
    },
  ],
  bottomRight: [],
};

/** The scenario facts the conditions and `$processName`/`$processId` placeholders read. */
export interface ToolbarScenario {
  id: number;
  name: string;
  isFragment: boolean;
  isArchived: boolean;
}

// With `allof` an unset flag does not count against the match; with `oneof` only set flags can match.
function flagMatches(actual: boolean, expected: boolean | undefined, allOf: boolean): boolean {
  return (allOf && expected === undefined) || expected === actual;
}

function applies(condition: Condition | undefined, scenario: ToolbarScenario): boolean {
  if (!condition) return false;
  const allOf = condition.type === 'allof';
  const fragment = flagMatches(scenario.isFragment, condition.fragment, allOf);
  const archived = flagMatches(scenario.isArchived, condition.archived, allOf);
  return allOf ? fragment && archived : fragment || archived;
}

function fill(text: string | undefined, scenario: ToolbarScenario, inUrl = false): string | null {
  if (text === undefined) return null;
  const name = inUrl ? encodeURIComponent(scenario.name) : scenario.name;
  return text.replaceAll('$processName', name).replaceAll('$processId', String(scenario.id));
}

// Stable for one configuration, so the front end keeps its panel layout per configuration and variant.
const CONFIG_CODE = (() => {
  const hex = createHash('sha1').update(JSON.stringify(DEFAULT_TOOLBARS)).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
})();

/** The toolbars of one scenario's page. */
export function scenarioToolbars(scenario: ToolbarScenario): ScenarioToolbarSettings {
  const panels = (list: PanelConfig[]) =>
    list
      .filter((panel) => !applies(panel.hidden, scenario))
      .map((panel) => ({
        id: panel.id ?? panel.type,
        title: fill(panel.title, scenario),
        buttonsVariant: panel.buttonsVariant ?? null,
        buttons: panel.buttons
          ? panel.buttons
              .filter((button) => !applies(button.hidden, scenario))
              .map((button) => ({
                type: button.type,
                name: fill(button.name, scenario),
                title: fill(button.title, scenario),
                icon: fill(button.icon, scenario, true),
                url: fill(button.url, scenario, true),
                disabled: applies(button.disabled, scenario),
                markdownContent: null,
                docs: null,
              }))
          : null,
      }));
  return {
    id: `${CONFIG_CODE}-${scenario.isArchived ? 'archived' : 'not-archived'}-${scenario.isFragment ? 'fragment' : 'scenario'}`,
    topLeft: panels(DEFAULT_TOOLBARS.topLeft),
    bottomLeft: panels(DEFAULT_TOOLBARS.bottomLeft),
    topRight: panels(DEFAULT_TOOLBARS.topRight),
    bottomRight: panels(DEFAULT_TOOLBARS.bottomRight),
  };
}
