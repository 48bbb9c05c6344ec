import type { Page } from 'playwright-core';
import { eventually } from './eventually';

// What a user does through the editor's toolbar dialogs, shared by the browser flows: save with a comment and
// deploy with a comment, each waiting for what the user then sees.

/** The status the toolbar's badge shows for the open scenario. */
export const toolbarStatus = (page: Page) => page.locator('.toolbar [data-testid="status-badge"]').getAttribute('data-status');

/** Saves with Ctrl+S and a comment, and waits for the notice naming the new version. */
export async function saveWithComment(page: Page, comment: string, version: number) {
  await page.keyboard.press('Control+s');
  await page.locator('#save-comment').fill(comment);
  await page.getByTestId('confirm-save').click();
  await eventually(() => page.getByTestId('notice').textContent()).toContain(`Saved as version ${version}`);
}

/** Deploys with a comment, and waits for the toolbar to show the scenario running. */
export async function deployWithComment(page: Page, comment: string) {
  await page.getByTestId('deploy-button').click();
  await page.locator('#action-comment').fill(comment);
  await page.getByTestId('confirm-action').click();
  await eventually(() => toolbarStatus(page)).toBe('RUNNING');
}
