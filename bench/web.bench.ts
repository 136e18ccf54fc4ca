import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { API_BASE } from '@shared/api/routes';
import { demoUsers } from '../infra/local/seed';
import { startSystem } from '../infra/local/system';
import { inProcessPorts } from './dynamodb-calls.bench';
import { kib, lazyModuleWeights, routeWeights } from '../web/budgets';

const root = path.resolve(import.meta.dirname, '..');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Lighthouse runs per page and preset; the median run (by performance score) is reported. */
const runs = Number(process.env.SPACES_BENCH_LIGHTHOUSE_RUNS ?? 3);

type Row = { name: string; value: string };

/** Gzip KiB of the JS and CSS each route downloads before it draws (web/budgets.ts). */
function budgetRows(): Row[] {
  const rows = routeWeights().map((route) => ({
    name: `${route.budget.name} ${route.budget.path}`,
    value: `${kib(route.gzipBytes)} KiB gzip JS+CSS (budget ${route.budget.limitKiB} KiB${route.overBudget ? ', OVER' : ''})`,
  }));
  for (const set of lazyModuleWeights()) {
    const lazy = set.modules[1]?.replace(/^(\.\.\/|src\/)/, '');
    rows.push({
      name: lazy ? `  entry + ${lazy}` : '  entry (index.html)',
      value: `${kib(set.gzipBytes)} KiB gzip in ${set.files.length} files`,
    });
  }
  return rows;
}

interface Page {
  label: string;
  path: string;
  /** The access token to find in localStorage["auth.token"] before the page loads. */
  signedIn?: boolean;
}

const pages: Page[] = [
  { label: '/login', path: '/login' },
  { label: '/admin/login', path: '/admin/login' },
  { label: '/c/dashboard (signed in)', path: '/c/dashboard', signedIn: true },
];

const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function clientToken(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}${API_BASE}/client/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demoUsers.owner.email, password: demoUsers.owner.password }),
  });
  if (!response.ok) throw new Error(`Signing in the demo owner failed: ${response.status}`);
  const body = (await response.json()) as { result: { access_token: string } };
  return body.result.access_token;
}

/**
 * Puts (or removes) the session in the browser's localStorage for the system's origin. Lighthouse
 * clears caches and service workers before each run but leaves localStorage alone.
 */
async function setSession(port: number, baseUrl: string, token: string | null): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${baseUrl}${API_BASE}/health`);
    await page.evaluate((value) => {
      if (value) {
        localStorage.setItem('auth.token', value);
        localStorage.setItem('auth.area', 'client');
      } else localStorage.clear();
    }, token);
    await page.close();
  } finally {
    await browser.close();
  }
}

interface Figures {
  /** Where the page ended, when not where it was asked for (e.g. a guard's redirect). */
  endedAt: string | null;
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  bytes: number;
}

async function audit(url: string, port: number, preset: 'mobile' | 'desktop'): Promise<Figures> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  };
  const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const ended = new URL(lhr.finalDisplayedUrl).pathname;
  return {
    endedAt: ended === new URL(url).pathname ? null : ended,
    performance: lhr.categories.performance?.score ?? NaN,
    accessibility: lhr.categories.accessibility?.score ?? NaN,
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    bytes: numeric('total-byte-weight'),
  };
}

const median = (figures: Figures[]): Figures =>
  figures.toSorted((a, b) => a.performance - b.performance)[Math.floor(figures.length / 2)]!;

/** Lighthouse (mobile and desktop presets) on the sign-in pages and a signed-in client page. */
export async function lighthouseRows(baseUrl: string): Promise<Row[]> {
  const token = await clientToken(baseUrl);
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags });
  const rows: Row[] = [];
  try {
    for (const page of pages) {
      await setSession(chrome.port, baseUrl, page.signedIn ? token : null);
      for (const preset of ['mobile', 'desktop'] as const) {
        const all: Figures[] = [];
        for (let i = 0; i < runs; i++) all.push(await audit(`${baseUrl}${page.path}`, chrome.port, preset));
        const f = median(all);
        rows.push({
          name: `${page.label} ${preset}`,
          value:
            `performance ${f.performance.toFixed(2)} (runs ${all.map((r) => r.performance.toFixed(2)).join('/')}), ` +
            `accessibility ${f.accessibility.toFixed(2)}, LCP ${(f.lcpMs / 1000).toFixed(1)} s, ` +
            `TBT ${Math.round(f.tbtMs)} ms, ${kib(f.bytes)} KiB transferred` +
            (f.endedAt ? ` (ended at ${f.endedAt})` : ''),
        });
      }
    }
  } finally {
    chrome.kill();
  }
  return rows;
}

/**
 * The web app's weight per route and Lighthouse's figures. Starts the system on ports of its own
 * with the built SPA (built first when web/dist is missing); `SPACES_BENCH_WEB_URL` measures a
 * running system instead (for instance another checkout's `npm start`).
 */
export async function run(): Promise<Row[]> {
  const external = process.env.SPACES_BENCH_WEB_URL;
  if (external) return lighthouseRows(external);
  const system = await startSystem({
    port: 13950,
    dataDir: path.join(root, '.bench/web-system'),
    reset: true,
    web: 'static',
    ports: inProcessPorts,
    log: () => {},
  });
  try {
    return [...budgetRows(), ...(await lighthouseRows(system.url))];
  } finally {
    await system.stop();
  }
}
