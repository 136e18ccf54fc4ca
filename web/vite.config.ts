import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { amplifyStyles } from './plugins/amplify-styles.ts';
import { buildVersion } from './plugins/build-version.ts';
import { precompress } from './plugins/precompress.ts';
import { importAliases } from '../aliases.ts';
import { routes } from '../shared/api/routes.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * The SPA calls the API through the route definitions (web/src/api/call.ts), which read only a
 * route's method and path at run time: each `shared/api/<group>-routes.ts` the SPA imports is its
 * routes' methods and paths alone, taken from the definitions themselves, so that their schemas
 * (and zod) stay out of the pages that have no form. The budget test (web/budgets.ts) keeps count.
 */
function routePaths(): Plugin[] {
  const file = /[\\/]shared[\\/]api[\\/]([a-z]+)-routes\.ts$/;
  const webSource = /[\\/]web[\\/]src[\\/].*\.tsx?$/;
  const slim = (route: (typeof routes)[number]) => JSON.stringify({ method: route.method, path: route.path });
  const byName = new Map(routes.map((route) => [route.handler, route]));
  // `venuesRoutes['get-venue']` or `accountsRoutes.impersonate`, as the compiled module has it.
  const access = /\b([a-z]+)Routes(?:\[\s*(['"])([a-z0-9-]+)\2\s*\]|\.([A-Za-z_$][\w$]*))/g;
  return [
    {
      name: 'route-paths',
      enforce: 'pre',
      load(id) {
        const group = file.exec(id)?.[1];
        if (!group) return null;
        const table = routes
          .filter((route) => route.group === group)
          .map((route) => `${JSON.stringify(route.handler.slice(group.length + 1))}: ${slim(route)}`);
        return `export const ${group}Routes = { ${table.join(', ')} };\n`;
      },
    },
    {
      // A route named as it is written goes in as its method and path, so that a page downloads the
      // routes it calls; a route chosen at run time comes from its group's table.
      name: 'route-paths-inline',
      transform(code, id) {
        if (!webSource.test(id) || !code.includes('Routes')) return null;
        const inlined = code.replace(
          access,
          (whole, group: string, _quote, quoted?: string, dotted?: string) => {
            const route = byName.get(`${group}/${quoted ?? dotted}`);
            return route ? `(${slim(route)})` : whole;
          },
        );
        return inlined === code ? null : { code: inlined, map: null };
      },
    },
  ];
}

/**
 * The SPA. `npm run build` writes web/dist; `npm run dev` embeds this config in the local
 * server (Vite middleware mode), which also serves /api, so no proxy is configured here.
 * The web imports browser-safe code from ../shared as `@shared/…` (aliases.ts).
 *
 * Each route's page is a chunk of its own (web/src/routes.tsx), carrying the Amplify UI
 * stylesheets of the primitives it draws (plugins/amplify-styles.ts). The build writes a
 * manifest (.vite/manifest.json) that web/budgets.ts reads, and a `.br` and `.gz` beside every
 * text file (plugins/precompress.ts), and `version.json`, which room displays read to learn of a
 * new release (plugins/build-version.ts).
 */
export default defineConfig({
  root: webRoot,
  plugins: [...routePaths(), amplifyStyles(), react(), buildVersion(), precompress()],
  resolve: { alias: importAliases() },
  server: { fs: { allow: [fileURLToPath(new URL('..', import.meta.url))] } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    // What a route downloads is held to its budget by a test (web/budgets.ts); the one chunk over
    // Vite's 500 kB hint is Swagger UI, loaded by the API reference page alone.
    chunkSizeWarningLimit: 1600,
    rolldownOptions: {
      output: {
        // React changes less often than the app: its own chunk stays cached across releases.
        // Every other library goes with the routes that use it.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
