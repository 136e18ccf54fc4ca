import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * What each route of the SPA downloads before it can draw, from the build's manifest
 * (`web/dist/.vite/manifest.json`): the entry (`index.html`) plus the lazy modules the router
 * loads for the route, each with its static imports and their stylesheets, as gzip bytes. Used
 * by the budget test (test/unit/web-budgets.test.ts) and printed by `npm run bench`.
 */

export const webDist = fileURLToPath(new URL('./dist', import.meta.url));

export interface RouteBudget {
  name: string;
  /** A URL that draws the route, for people reading the figures. */
  path: string;
  /** The lazy modules the router loads for this URL (manifest keys, relative to web/). */
  modules: string[];
  /** Gzip KiB of its JS and CSS, the entry included, at most. */
  limitKiB: number;
}

/**
 * The sign-in page and each area's landing page. A new area's entry belongs here.
 *
 * Sign-in: the libraries every page needs weigh about 140 KiB (react-dom 63, react-router 28,
 * Amplify UI's core 17, sonner 9, swr 4), and its form adds react-hook-form and Amplify's fields
 * (16); the page was 159 KiB when this budget was set at 165. react-hook-form is one module,
 * shaken once for the whole app: the event form's field arrays and watchers (1.5 KiB) come with
 * it, so the budget was 168 KiB since the booking calendar (166.7 KiB then). The calls through
 * the route definitions (web/src/api/call.ts, both areas' sign-in routes) add 0.3 KiB: 169 KiB
 * since (168.1 KiB then).
 */
export const routeBudgets: RouteBudget[] = [
  { name: 'sign-in', path: '/login', modules: ['src/features/auth/LoginPage.tsx'], limitKiB: 169 },
  {
    name: 'client area',
    path: '/c/dashboard',
    modules: [
      'src/layout/ClientLayout.tsx',
      'src/auth/sections.tsx',
      'src/features/dashboard/DashboardPage.tsx',
    ],
    limitKiB: 200,
  },
  {
    // The cards and their status switches; the panels and their forms (zod with them) load when
    // one first opens. 193 KiB when this was set.
    name: 'venues',
    path: '/c/venues',
    modules: ['src/layout/ClientLayout.tsx', 'src/auth/sections.tsx', 'src/features/venues/VenuesPage.tsx'],
    limitKiB: 200,
  },
  {
    name: 'account users',
    path: '/c/account-management',
    modules: [
      'src/layout/ClientLayout.tsx',
      'src/auth/sections.tsx',
      'src/features/account/AccountPage.tsx',
      'src/features/account/UsersTab.tsx',
    ],
    limitKiB: 240,
  },
  {
    // The range form (react-hook-form, the shared schema) and the CSV library (papaparse) come
    // with the tab, 251 KiB when this was set; the PDF one (jsPDF, ~130 KiB) only when Export PDF
    // is pressed.
    name: 'account activity',
    path: '/c/account-management/activity-log',
    modules: [
      'src/layout/ClientLayout.tsx',
      'src/auth/sections.tsx',
      'src/features/account/AccountPage.tsx',
      'src/features/account/ActivityTab.tsx',
    ],
    limitKiB: 255,
  },
  {
    // The calendar (react-big-calendar with its drag-and-drop addon, their CSS and what they use:
    // lodash's pieces, react-overlays, popper; 73 KiB) loads with this page alone; the panels and
    // the form (zod, the recurrence rules) when one first opens. 259.6 KiB when this was set.
    name: 'booking calendar',
    path: '/c/booking',
    modules: [
      'src/layout/ClientLayout.tsx',
      'src/auth/sections.tsx',
      'src/features/bookings/BookingPage.tsx',
    ],
    limitKiB: 265,
  },
  {
    // The room display: the entry (the libraries every page needs, 141 KiB) and its own chunk, its
    // styles and the slide transitions; no Amplify primitive, no area, no form. 150.8 KiB when this
    // was set; a wall screen may be a low-end tablet.
    name: 'room display',
    path: '/display',
    modules: ['src/features/display/DisplayPage.tsx'],
    limitKiB: 155,
  },
  {
    name: 'admin area',
    path: '/admin',
    modules: ['src/layout/AdminLayout.tsx', 'src/features/admin-dashboard/AdminDashboard.tsx'],
    limitKiB: 200,
  },
];

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface FileWeight {
  file: string;
  gzipBytes: number;
}

export interface ChunkSetWeight {
  /** The modules the set starts from (manifest keys). */
  modules: string[];
  files: FileWeight[];
  gzipBytes: number;
}

/** Reads the build's manifest; throws, saying what to run, when there is no build. */
export function readManifest(dist: string = webDist): Manifest {
  const file = path.join(dist, '.vite/manifest.json');
  if (!existsSync(file)) {
    throw new Error(`${file} is missing: run \`npm run build\` first (it writes web/dist and its manifest)`);
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/**
 * The JS and CSS files that loading `modules` (with the entry) downloads before anything else is
 * asked for: each module's chunk, its static imports recursively, and their stylesheets.
 */
export function chunkSet(manifest: Manifest, modules: string[], dist: string = webDist): ChunkSetWeight {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) {
      throw new Error(
        `${key} is not in the build's manifest: is it still a lazy module of web/src/routes.tsx?`,
      );
    }
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const start = ['index.html', ...modules.filter((m) => m !== 'index.html')];
  for (const key of start) visit(key);
  const weights = [...files].sort().map((file) => ({
    file,
    gzipBytes: gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length,
  }));
  return {
    modules: start,
    files: weights,
    gzipBytes: weights.reduce((sum, f) => sum + f.gzipBytes, 0),
  };
}

export interface RouteWeight extends ChunkSetWeight {
  budget: RouteBudget;
  overBudget: boolean;
}

/** Each budgeted route's weight against its limit. */
export function routeWeights(dist: string = webDist): RouteWeight[] {
  const manifest = readManifest(dist);
  return routeBudgets.map((budget) => {
    const weight = chunkSet(manifest, budget.modules, dist);
    return { ...weight, budget, overBudget: weight.gzipBytes > budget.limitKiB * 1024 };
  });
}

/** The entry alone and the entry with each lazy module: what every lazy route adds. */
export function lazyModuleWeights(dist: string = webDist): ChunkSetWeight[] {
  const manifest = readManifest(dist);
  const lazy = Object.keys(manifest).filter((key) => manifest[key]!.isDynamicEntry);
  return [chunkSet(manifest, [], dist), ...lazy.sort().map((key) => chunkSet(manifest, [key], dist))];
}

export const kib = (bytes: number): string => (bytes / 1024).toFixed(1);
