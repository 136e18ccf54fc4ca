import { readFileSync } from 'node:fs';
import { SLIDE_TRANSITIONS } from '@shared/slideshows';

/**
 * The transitions' stylesheet, which the slideshow panel's preview and the room display play: each of
 * the 23 transitions animates the slide coming in with keyframes the sheet defines, and reduced
 * motion makes every one a cut. Read as text (the web project turns CSS imports off), from the
 * repository's root, where vitest runs.
 */
const css = readFileSync('web/src/components/slides/transitions.css', 'utf8');
const keyframes = new Set([...css.matchAll(/@keyframes\s+([\w-]+)/g)].map((match) => match[1]));

/** The animation name a class's own rule gives, if any. */
function animationOf(className: string): string | undefined {
  const rule = new RegExp(`\\.${className}\\s*\\{([^}]*)\\}`).exec(css);
  return rule ? /animation-name:\s*([\w-]+)/.exec(rule[1]!)?.[1] : undefined;
}

describe('slide transitions stylesheet', () => {
  it.each(SLIDE_TRANSITIONS.map((t) => [t.label, t.value] as const))(
    '%s brings the new slide in with defined keyframes',
    (_, value) => {
      const name = animationOf(`slide-enter-${value}`);
      expect(name, `.slide-enter-${value} names no animation`).toBeDefined();
      expect(keyframes.has(name), `@keyframes ${name} is missing`).toBe(true);
      const exit = animationOf(`slide-exit-${value}`);
      if (exit) expect(keyframes.has(exit), `@keyframes ${exit} is missing`).toBe(true);
    },
  );

  it('cuts instead where reduced motion is asked for', () => {
    const reduced = /@media\s*\(prefers-reduced-motion:\s*reduce\)\s*\{([\s\S]*?)\n\}/.exec(css)?.[1] ?? '';
    expect(reduced).toMatch(/\.slide-enter,\s*\.slide-exit\s*\{\s*animation:\s*none !important;/);
    expect(reduced).toMatch(/\.slide-exit\s*\{\s*display:\s*none;/);
  });
});
