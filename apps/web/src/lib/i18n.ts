import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';

type Strings = { default: Record<string, unknown> };

/**
 * An area's own strings (`locales/en/<area>.json`), each a chunk loaded with the area's screens, so the
 * shell carries only its own (`locales/en.json`, the default namespace).
 */
const areaStrings = import.meta.glob<Strings>('../locales/en/*.json');

/** Loads a language's strings as their own chunks when first needed (English only for now). */
const onDemand: BackendModule = {
  type: 'backend',
  init() {},
  read(_language, namespace, callback) {
    const load =
      namespace === 'translation' ? () => import('../locales/en.json') : areaStrings[`../locales/en/${namespace}.json`];
    if (!load) {
      callback(new Error(`No strings for ${namespace}`), false);
      return;
    }
    load().then(
      (strings) => callback(null, strings.default),
      (error: Error) => callback(error, false),
    );
  },
};

export const i18nReady = i18next
  .use(onDemand)
  .use(initReactI18next)
  .init({
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: ['en'],
    ns: ['translation'],
    defaultNS: 'translation',
    // An area's screens use their namespace first and the shell's common strings after it.
    fallbackNS: 'translation',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });

/** Resolves when an area's strings are loaded; screen loaders wait for it so no key flashes. */
export const loadStrings = (namespace: string) => i18next.loadNamespaces(namespace);

export { i18next };
