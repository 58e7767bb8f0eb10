import { createStore, useStore } from '../../lib/store';

export const themes = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] as const;
export type Theme = (typeof themes)[number];

/** The layout switches of the settings panel and the class each puts on <body>. */
export const layoutSwitches = {
  fixed: 'layout-fixed',
  boxed: 'layout-boxed',
  collapsed: 'aside-collapsed',
  collapsedText: 'aside-collapsed-text',
  float: 'aside-float',
  hover: 'aside-hover',
  scrollbar: 'layout-scrollbar',
} as const;
export type LayoutSwitch = keyof typeof layoutSwitches;

export interface SavedSettings extends Record<LayoutSwitch, boolean> {
  theme: Theme;
}
/** Never saved (spec 1 §9): the settings panel's open state, the mobile sidebar, the horizontal layout. */
export interface Settings extends SavedSettings {
  sidebarOpen: boolean;
  asideToggled: boolean;
  horizontal: boolean;
}

const storageKey = 'somero.settings';
const defaults: SavedSettings = {
  theme: 'a',
  fixed: true,
  boxed: false,
  collapsed: false,
  collapsedText: false,
  float: false,
  hover: false,
  scrollbar: false,
};

function load(): SavedSettings {
  try {
    const saved = JSON.parse(localStorage.getItem(storageKey) ?? '{}') as Partial<SavedSettings>;
    const out = { ...defaults };
    if (themes.includes(saved.theme as Theme)) out.theme = saved.theme as Theme;
    for (const key of Object.keys(layoutSwitches) as LayoutSwitch[]) {
      if (typeof saved[key] === 'boolean') out[key] = saved[key];
    }
    return out;
  } catch {
    return { ...defaults };
  }
}

export const settingsStore = createStore<Settings>({
  ...load(),
  sidebarOpen: false,
  asideToggled: false,
  horizontal: false,
});

export const useSettings = () => useStore(settingsStore);

export function changeSettings(change: Partial<Settings>) {
  settingsStore.set((current) => ({ ...current, ...change }));
}

/** Theme on <html>, switches as classes on <body>, and the saved part in one localStorage key. */
function apply(settings: Settings) {
  document.documentElement.dataset.theme = `theme-${settings.theme}`;
  for (const [key, className] of Object.entries(layoutSwitches)) {
    document.body.classList.toggle(className, settings[key as LayoutSwitch]);
  }
  document.body.classList.toggle('layout-h', settings.horizontal);
  const { sidebarOpen: _open, asideToggled: _toggled, horizontal: _horizontal, ...saved } = settings;
  localStorage.setItem(storageKey, JSON.stringify(saved));
}

apply(settingsStore.get());
settingsStore.subscribe(() => apply(settingsStore.get()));
