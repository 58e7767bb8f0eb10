import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Vendor chunks every page needs, kept stable for caching. Mantine and TanStack Query are left to
 * the automatic split, so the public screens load only the components they use and the main layout
 * (a chunk of its own) brings the rest.
 */
const vendorGroups: [name: string, test: RegExp][] = [
  ['react', /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/],
  ['i18n', /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/],
  ['zod', /node_modules[\\/]zod[\\/]/],
];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Vite 8 (rolldown) replaces rollup's manualChunks with codeSplitting groups.
        codeSplitting: {
          groups: vendorGroups.map(([name, test]) => ({ name, test })),
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
});
