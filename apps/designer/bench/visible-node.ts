import type { Page } from 'playwright-core';

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
