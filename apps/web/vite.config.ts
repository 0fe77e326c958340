import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';

const api = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
    manifest: true,
    minify: 'terser',
    terserOptions: { format: { comments: false } },
  },
  server: { port: 5173, proxy: { '/api': api, '/auth': api, '/documents': api, '/dev': api } },
});
