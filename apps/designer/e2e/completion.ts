import type { Locator, Page } from 'playwright-core';
import { eventually } from './eventually';

/**
 * Picks a completion option in a CodeMirror field until the field's text shows it. On a busy machine the list
 * refreshes while results arrive, and a pick that lands during a refresh is lost, so it picks again (reopening
 * the list if it closed) rather than trusting one key press.
 */
export async function pickCompletion(page: Page, field: Locator, option: RegExp, expectedText: RegExp): Promise<void> {
  const list = page.locator('.cm-tooltip-autocomplete');
  await eventually(async () => {
    if (!expectedText.test((await field.textContent()) ?? '')) {
      if ((await list.count()) === 0) await page.keyboard.press('Control+Space');
      const choice = list.getByRole('option', { name: option });
      if ((await choice.count()) > 0) await choice.first().click();
    }
    return field.textContent();
  }).toMatch(expectedText);
}
