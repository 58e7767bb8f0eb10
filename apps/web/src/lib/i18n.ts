import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** Loads a language's strings as its own chunk when first needed (English only for now). */
const onDemand: BackendModule = {
  type: 'backend',
  init() {},
  read(_language, _namespace, callback) {
    import('../locales/en.json').then(
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
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });

export { i18next };
