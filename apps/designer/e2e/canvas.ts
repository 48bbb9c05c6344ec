import type { Page } from 'playwright-core';
import { eventually } from './eventually';

// What a user does on the canvas, shared by the browser flows: find a node, drop a component from the palette,
// draw an edge from a handle, and type into a node's expression field.

export const node = (page: Page, id: string) => page.locator(`[data-testid="canvas-node"][data-node-id="${id}"]`);

export async function drop(page: Page, componentId: string, x: number, y: number) {
  await page.locator(`[data-component-id="${componentId}"]`).dragTo(page.locator('.svelte-flow__pane'), { targetPosition: { x, y } });
}

export async function connect(page: Page, from: string, handle: string, to: string) {
  const source = await node(page, from).locator(`.svelte-flow__handle.handle-${handle}`).boundingBox();
  const target = await node(page, to).locator('.svelte-flow__handle.target').boundingBox();
  if (!source || !target) throw new Error('handles not on screen');
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(target.x + target.width / 2, target.y - 20, { steps: 6 });
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 4 });
  await page.mouse.up();
}

export async function setExpression(page: Page, testId: string, text: string) {
  const field = page.getByTestId('node-details').getByTestId(testId);
  await field.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(text);
  await eventually(() => field.textContent()).toBe(text);
}
