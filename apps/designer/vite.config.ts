import { fileURLToPath } from 'node:url';
import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vite';

const apiPort = process.env.PORT ?? '8080';

export default defineConfig({
  plugins: [sveltekit()],
  resolve: {
    alias: [
      // @scenaria/typing and @scenaria/spel import the whole time-zone database (about 1 MB) for its side
      // effect. The designer needs zone rules only when an expression names a zone: the typing worker loads
      // the real file then (typing.worker.ts), and nothing else pays for it.
      { find: /^@js-joda\/timezone$/, replacement: fileURLToPath(new URL('./src/lib/typing-worker/time-zones-on-demand.ts', import.meta.url)) },
    ],
  },
  worker: { format: 'es' },
  server: {
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: true } },
  },
});
