// One dynamic import for the editor's heavy parts, so the route's own chunk stays small.
export { SvelteFlowProvider } from '@xyflow/svelte';
export { default as EditorWorkspace } from '$lib/components/editor/EditorWorkspace.svelte';
export { computeLayout, largeGraphSize } from '$lib/flow/layout';
