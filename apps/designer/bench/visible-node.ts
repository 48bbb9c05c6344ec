import type { Locator, Page } from 'playwright-core';
import { apiCall, signIn } from '../e2e/harness';
import { generatedScenario } from './generated-scenario';

/**
 * The id of a filter node drawn wholly inside the canvas: large graphs open on their top rows, so the bench
 * clicks a node the user can see rather than a fixed one that may lie outside the first view.
 */
export async function visibleFilterId(page: Page): Promise<string> {
  await page.locator('[data-testid="canvas-node"].kind-filter').first().waitFor();
  const id = await page.evaluate(() => {
    const canvas = document.querySelector('.svelte-flow')?.getBoundingClientRect();
    if (!canvas) return undefined;
    const inside = [...document.querySelectorAll<HTMLElement>('[data-testid="canvas-node"].kind-filter')].find((node) => {
      const box = node.getBoundingClientRect();
      return box.left >= canvas.left && box.right <= canvas.right - 220 && box.top >= canvas.top && box.bottom <= canvas.bottom - 60;
    });
    return inside?.dataset.nodeId;
  });
  if (!id) throw new Error('no filter node is wholly in view');
  return id;
}

/**
 * Signs in, saves a generated scenario of `size` nodes as `name`, opens it, and focuses the expression of a
 * filter node in view: where the keystroke scripts start typing.
 */
export async function openFilterExpression(page: Page, serverUrl: string, name: string, size: number): Promise<Locator> {
  await signIn(page, serverUrl, 'admin');
  await apiCall(serverUrl, '/api/processes', { method: 'POST', body: JSON.stringify({ name, isFragment: false, category: 'Default' }) });
  await apiCall(serverUrl, `/api/processes/${encodeURIComponent(name)}`, { method: 'PUT', body: JSON.stringify({ scenarioGraph: generatedScenario(size) }) });
  await page.goto(`${serverUrl}/scenarios/${encodeURIComponent(name)}`);
  await page.locator(`[data-testid="canvas-node"][data-node-id="${await visibleFilterId(page)}"]`).click();
  const expression = page.getByTestId('node-details').getByTestId('expression-$expression');
  await expression.click();
  return expression;
}
