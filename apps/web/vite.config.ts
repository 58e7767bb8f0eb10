import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes `.br` and `.gz` beside every text file of the build (best compression, once, at build time), so
 * the server sends them as they are (`@fastify/static` with `preCompressed`) to a browser that accepts
 * them: a school's first visit over a slow line fetches about a quarter of the bytes. Files under 1 KB
 * and those compression would not shrink are left alone.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'somero-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true }))
        .filter((f) => /\.(js|mjs|css|html|svg|json|txt|map)$/.test(f))
        .map((f) => path.join(outDir, f));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < 1024) return;
          const body = await readFile(file);
          const [br, gzipped] = await Promise.all([
            brotli(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gz(body, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < body.length) await writeFile(`${file}.br`, br);
          if (gzipped.length < body.length) await writeFile(`${file}.gz`, gzipped);
        }),
      );
    },
  };
}

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

/**
 * The chunks the shell has loaded before any screen opens (the entry, React, i18n, zod, the main layout
 * and the Mantine parts it uses; measured on /dashboardv1). Preloading them again with a lazy screen
 * does nothing, and naming them in every screen's preload list made the first page's script larger.
 */
const loadedByTheShell = new RegExp(
  `assets/(${[
    'CloseButton',
    'rolldown-runtime',
    'random-id',
    'react',
    'messages',
    'Loader',
    'i18n',
    'store',
    'zod',
    'en',
    'OptionalPortal',
    'Combination',
    'main-layout',
    'floating-ui.react',
    'create-safe-context',
    'use-merged-ref',
    'use-window-event',
    'QueryClientProvider',
    'get-sorted-breakpoints',
    'query',
    'ActionIcon',
    'IconChevronRight',
    'IconReportMoney',
    'IconCash',
    'IconSchool',
    'IconSearch',
    'IconSettings',
    'create-scoped-keydown-handler',
    'get-floating-position',
    'InputBase',
    'create-event-handler',
    'CheckIcon',
    'noop',
    'FocusTrap',
    'Avatar',
    'use-uncontrolled',
    'RadioIcon',
    'Paper',
    'TextInput',
    'school-logo',
    'school',
    'options',
    'use-image',
    'useQuery',
    'downloads',
    'ScrollArea',
    'get-base-value',
    'load-error',
    'format',
  ].join('|')})-[\\w-]{8}\\.js$`,
);

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    modulePreload: { resolveDependencies: (_file, deps) => deps.filter((d) => !loadedByTheShell.test(d)) },
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
