// The website script's build: one minified IIFE, no dependencies, at tracker/dist/pp.js (served by the gateway
// at /pp.js). `npx vite build -c tracker/vite.config.mts` from the repository root.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: here,
  publicDir: false,
  logLevel: 'warn',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2017',
    minify: true,
    sourcemap: false,
    lib: {
      entry: 'src/main.ts',
      formats: ['iife'],
      name: 'PracticePilotTracker',
      fileName: () => 'pp.js',
    },
  },
});
