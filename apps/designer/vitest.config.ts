import { sveltekit } from '@sveltejs/kit/vite';
import { scenariaProject } from '@scenaria/vitest-config';

// Unit tests of the pure modules (graph <-> flow, layout, history, editing store); the kit plugin compiles
// runes in .svelte.ts modules and resolves $lib. Browser flows live in vitest.e2e.config.ts.
const project = scenariaProject({ name: 'designer', include: ['src/**/*.test.ts'] });

export default { ...project, plugins: [sveltekit()] };
