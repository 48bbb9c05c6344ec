import type { Hono } from 'hono';
import type { AppEnv } from './router';

/*
 * The component and status icons the original's front end loads from `/static/assets/components/{name}.svg` and
 * `/static/assets/states/{name}.svg` (the names our component definitions and status definitions give, plus the
 * original's other names for the same things). They are our own drawings: a tinted tile with a glyph per kind.
 * Unknown names answer 404, never the designer's index.html, so a broken `<img>` shows as broken.
 */

const COMPONENT_COLOUR = '#3a6ea5';

// Glyphs on a 24×24 grid, drawn in white over the tile.
const componentGlyphs: Readonly<Record<string, string>> = {
  Source: '<circle cx="8" cy="12" r="3"/><path d="M11 12h8m-3-3 3 3-3 3"/>',
  Sink: '<path d="M4 12h9m-3-3 3 3-3 3"/><path d="M17 6v12"/>',
  Filter: '<path d="M5 6h14l-5 6v5l-4 2v-7z"/>',
  Switch: '<path d="M5 12h5l4-5h5m-9 5 4 5h5"/>',
  Split: '<path d="M5 12h6m0 0 8-6m-8 6h8m-8 0 8 6"/>',
  Join: '<path d="M5 6l8 6-8 6m8-6h6"/>',
  Variable: '<path d="M7 7l10 10M17 7 7 17"/>',
  VariableBuilder: '<path d="M9 5c-2 0-2 2-2 4s-2 3-2 3 2 1 2 3 0 4 2 4m6-14c2 0 2 2 2 4s2 3 2 3-2 1-2 3 0 4-2 4"/>',
  Enricher: '<circle cx="12" cy="12" r="6"/><path d="M12 9v6m-3-3h6"/>',
  Processor: '<rect x="7" y="7" width="10" height="10" rx="2"/><circle cx="12" cy="12" r="1.5"/>',
  CustomNode: '<path d="M12 5l6 3.5v7L12 19l-6-3.5v-7z"/>',
  FragmentInput: '<path d="M6 6h5v3a2 2 0 0 0 4 0V6h3v12H6z"/>',
  FragmentInputDefinition: '<path d="M4 12h8m-3-3 3 3-3 3"/><path d="M15 6h4v12h-4"/>',
  FragmentOutputDefinition: '<path d="M9 6H5v12h4"/><path d="M12 12h8m-3-3 3 3-3 3"/>',
};

const GREEN = '#2e8540';
const RED = '#c0392b';
const AMBER = '#d68910';
const BLUE = '#2874a6';
const GREY = '#7f8c8d';

const check = '<path d="M7 12.5l3.5 3.5L17 9"/>';
const cross = '<path d="M8 8l8 8m0-8-8 8"/>';
const bang = '<path d="M12 7v6m0 3v.5"/>';
const play = '<path d="M9 7v10l8-5z"/>';
const square = '<rect x="8" y="8" width="8" height="8"/>';
const question = '<path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.4-1 1-1 1.7v.5m0 2.5v.5"/>';
// An arc that turns: the "…-running-animated" icons show work under way.
const spinner = (colour: string) =>
  `<path d="M12 6a6 6 0 1 1-6 6" stroke="${colour}"><animateTransform attributeName="transform" type="rotate" from="0 12 12" to="360 12 12" dur="1.2s" repeatCount="indefinite"/></path>`;

const stateIcons: Readonly<Record<string, { colour: string; glyph: string; outline?: boolean; raw?: boolean }>> = {
  success: { colour: GREEN, glyph: check },
  'deploy-success': { colour: GREEN, glyph: check },
  'stopping-success': { colour: GREY, glyph: square },
  error: { colour: RED, glyph: cross },
  failed: { colour: RED, glyph: cross },
  'deploy-failed': { colour: RED, glyph: cross },
  'stopping-failed': { colour: RED, glyph: square },
  warning: { colour: AMBER, glyph: bang },
  'deploy-warning': { colour: AMBER, glyph: bang },
  'stopping-warning': { colour: AMBER, glyph: square },
  'not-deployed-warning': { colour: AMBER, glyph: bang, outline: true },
  deploy: { colour: BLUE, glyph: play },
  'deploy-running': { colour: BLUE, glyph: play, outline: true },
  'deploy-restart': { colour: AMBER, glyph: play, outline: true },
  stopping: { colour: GREY, glyph: square },
  'stopping-running': { colour: GREY, glyph: square, outline: true },
  'not-deployed': { colour: GREY, glyph: '', outline: true },
  'status-unknown': { colour: GREY, glyph: question, outline: true },
  'process-does-not-exist': { colour: GREY, glyph: cross, outline: true },
  scheduled: { colour: BLUE, glyph: '<circle cx="12" cy="12" r="5"/><path d="M12 9v3l2 2"/>', outline: true },
  'deploy-running-animated': { colour: BLUE, glyph: spinner(BLUE), raw: true },
  'deploy-restart-animated': { colour: AMBER, glyph: spinner(AMBER), raw: true },
  'stopping-running-animated': { colour: GREY, glyph: spinner(GREY), raw: true },
};

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${body}</svg>`;

function componentIcon(name: string): string | undefined {
  const glyph = componentGlyphs[name];
  return glyph === undefined ? undefined : svg(`<rect x="1" y="1" width="22" height="22" rx="5" fill="${COMPONENT_COLOUR}"/><g stroke="#fff">${glyph}</g>`);
}

function stateIcon(name: string): string | undefined {
  const icon = stateIcons[name];
  if (!icon) return undefined;
  if (icon.raw) return svg(`<circle cx="12" cy="12" r="10" stroke="${icon.colour}" opacity="0.3"/>${icon.glyph}`);
  if (icon.outline) return svg(`<circle cx="12" cy="12" r="10" stroke="${icon.colour}"/><g stroke="${icon.colour}">${icon.glyph}</g>`);
  return svg(`<circle cx="12" cy="12" r="11" fill="${icon.colour}"/><g stroke="#fff">${icon.glyph}</g>`);
}

/** The icon at `/static/assets/{folder}/{name}.svg`, if there is one. */
export function staticIcon(folder: string, file: string): string | undefined {
  const match = /^([A-Za-z-]+)\.svg$/.exec(file);
  if (!match?.[1]) return undefined;
  if (folder === 'components') return componentIcon(match[1]);
  if (folder === 'states') return stateIcon(match[1]);
  return undefined;
}

/** Serves `/static/assets/*`: the icons above, 404 for anything else. */
export function mountStaticIcons(app: Hono<AppEnv>): void {
  app.on(['GET', 'HEAD'], '/static/assets/*', (c) => {
    const [folder = '', file = '', ...rest] = c.req.path.slice('/static/assets/'.length).split('/');
    const icon = rest.length === 0 ? staticIcon(folder, file) : undefined;
    if (icon === undefined) return c.json({ message: `No asset at ${c.req.path}` }, 404);
    return c.body(icon, 200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' });
  });
}
