import { createTheme, DEFAULT_THEME, darken, luminance, type MantineColorsTuple } from '@mantine/core';
import type { Theme } from './settings/settings-store';

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
};
/** gray.1, a hovered row: white, striped rows and the page are lighter; 5:1 on it leaves 4.5:1 on a tinted row (red.1). */
const lightestBackground = '#f1f3f5';

/**
 * Shades 6–9 (text in a colour, filled buttons and badges with white text, links, a light badge's text)
 * darkened until each reads at WCAG AA (4.5:1) on every light background and tinted row, 9 darkest; 0–5 (backgrounds,
 * borders) as Mantine has them. Hints (`c="dimmed"`) are gray.6, so they pass too. Mantine's own cyan, teal, green, orange and yellow fail even at shade 9.
 */
function readable(shades: MantineColorsTuple): MantineColorsTuple {
  return shades.map((shade, i) => {
    if (i < 6) return shade;
    const wanted = 5 + (i - 6) * 0.7;
    let out = shade;
    for (let step = 1; contrast(out, lightestBackground) < wanted && step <= 50; step += 1)
      out = darken(shade, step * 0.02);
    return out;
  }) as unknown as MantineColorsTuple;
}

const colors = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).map(([name, shades]) => [name, name === 'dark' ? shades : readable(shades)]),
);

/** Mantine's accent follows the chosen theme (a–h); the header and sidebar colours are in shell.css. */
export const accents: Record<Theme, string> = {
  a: 'cyan',
  b: 'teal',
  c: 'violet',
  d: 'orange',
  e: 'cyan',
  f: 'teal',
  g: 'violet',
  h: 'orange',
};

export const themeOf = (accent: string) =>
  createTheme({
    primaryColor: accent,
    colors,
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    // A computer set to reduce motion gets dialogs, menus and notices without their slide and fade (shell.css
    // stops the spinners' and skeletons' animations too).
    respectReducedMotion: true,
  });
