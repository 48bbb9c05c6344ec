import { getContext, setContext } from 'svelte';
import type { ScenarioEditor } from './scenario-editor.svelte';

const key = Symbol('scenario-editor');

/** Makes the open scenario available to the canvas nodes and panels below the editor page. */
export function provideEditor(editor: ScenarioEditor): void {
  setContext(key, editor);
}

export function useEditor(): ScenarioEditor {
  const editor = getContext<ScenarioEditor | undefined>(key);
  if (!editor) throw new Error('useEditor() called outside the scenario editor');
  return editor;
}
