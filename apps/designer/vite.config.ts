import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vite';

const apiPort = process.env.PORT ?? '8080';

export default defineConfig({
  plugins: [sveltekit()],
  server: {
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: true } },
  },
});
