import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type ErrorCode, errorCodes, type FieldError } from '../../domain/errors';
import {
  fallbackLanguage,
  isLanguage,
  type Language,
  languages,
  matchLanguage,
} from '../../domain/languages';
import { ApiError } from '../api/apiError';
import { api } from '../api/http';
import { useAuthStore } from '../state/authStore';
import { afterFirstScreen } from '../state/firstScreen';
import { useStartupStore } from '../state/startupStore';
import { useUiStore } from '../state/uiStore';

/** Translates a key (`ns:key` or a key of the default namespace, common) with interpolation values. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

// mail.json holds the server's e-mail texts; every other file of locales/<lng>/ is an app namespace.
export const namespaces = [
  'common',
  'resources',
  'errors',
  'warehouse',
  'logistics',
  'infrastructure',
  'terminal',
  'sync',
  'scanner',
  'office',
  'shipping',
  'calendar',
  'sellOffers',
  'dashboard',
  'faces',
  'portal',
  'catalyst',
  'imports',
  'print',
] as const;
export type TranslationNamespace = (typeof namespaces)[number];

/**
 * The namespaces of the terminal's screens and the shell around them: a page opened on the terminal waits only for
 * these (src/i18n/bundles/<lng>.ts); the rest (<lng>.more.ts) follows once the first screen is up. Keep in step with
 * the bundles' file lists. A screen part asking for a later namespace (the face watcher's `faces`, the discussions'
 * `office`) waits for it (useTranslation suspends); keys named with their namespace (`errors:…`, `warehouse:…`)
 * do not wait, so those namespaces stay here.
 */
export const firstNamespaces: readonly TranslationNamespace[] = [
  'common',
  'errors',
  'terminal',
  'sync',
  'scanner',
  'warehouse',
];
const isFirst = (ns: string): boolean => (firstNamespaces as readonly string[]).includes(ns);

/** Two chunks per language (src/i18n/bundles/<lng>.ts and <lng>.more.ts), each loaded when first needed. */
const bundles = import.meta.glob<{ readonly bundle: Record<string, Record<string, unknown>> }>(
  './bundles/*.ts',
);

const loaded = new Map<string, Promise<Record<string, Record<string, unknown>>>>();

/** `locales/<lng>/<ns>.json` of one language and part by namespace; unknown languages have none. */
const languageBundle = (lng: string, first: boolean): Promise<Record<string, Record<string, unknown>>> => {
  const file = `./bundles/${lng}${first ? '' : '.more'}.ts`;
  let found = loaded.get(file);
  if (!found) {
    const load = bundles[file];
    found = load
      ? load().then(({ bundle }) => {
          const out: Record<string, Record<string, unknown>> = {};
          for (const [path, content] of Object.entries(bundle)) {
            const ns = /\/([^/]+)\.json$/.exec(path)?.[1];
            if (ns) out[ns] = content;
          }
          return out;
        })
      : Promise.resolve({});
    loaded.set(file, found);
  }
  return found;
};

/** i18next reads a language's namespaces from its chunk: only the languages in use are downloaded. */
const bundleBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (lng, ns, callback) => {
    languageBundle(lng, isFirst(ns)).then(
      (byNamespace) => callback(null, (byNamespace[ns] ?? {}) as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

const browserLocale = (): string | undefined => {
  if (typeof navigator === 'undefined') return undefined;
  return navigator.languages?.length ? navigator.languages.join(',') : navigator.language;
};

/** The persisted choice, else the browser locale mapped to a supported language, else en-us. */
export const initialLanguage = (): Language => {
  const chosen = useUiStore.getState().language;
  return isLanguage(chosen) ? chosen : matchLanguage(browserLocale());
};

const setDocumentLanguage = (lng: string | undefined): void => {
  if (typeof lng !== 'string') return;
  // BCP 47 casing for the document: en-us → en-US.
  if (typeof document !== 'undefined')
    document.documentElement.lang = lng.replace(/-(\w+)$/, (m) => m.toUpperCase());
};

const firstLanguage = initialLanguage();

/** A page opened on the terminal renders with the terminal's namespaces; the others load after its first screen. */
const terminalStart = typeof location !== 'undefined' && /^\/terminal(\/|$)/i.test(location.pathname);

/** Resolves when the first language's texts are there (src/main.tsx renders then). */
export const i18nReady: Promise<unknown> = i18next
  .use(bundleBackend)
  .use(initReactI18next)
  .init({
    lng: firstLanguage,
    // Every language has every key (test/meta/translations.test.ts): no second language is downloaded as fallback.
    fallbackLng: false,
    supportedLngs: [...languages],
    lowerCaseLng: true,
    load: 'currentOnly',
    ns: terminalStart ? [...firstNamespaces] : [...namespaces],
    defaultNS: 'common',
    fallbackNS: 'common',
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    showSupportNotice: false,
    // Asks for the first language's chunk while the app's chunk is still being evaluated (this module runs in it),
    // not in a timer after all of it has run: offline on a slow handheld that timer fired a few hundred ms late and
    // the texts' chunk was then fetched and compiled alone, with nothing else to do, before the first render.
    initAsync: false,
    // Texts of namespaces loaded later (after the terminal's first screen) re-render the screens that use them.
    react: { bindI18nStore: 'added' },
  });
if (terminalStart)
  void i18nReady
    .then(afterFirstScreen)
    .then(() => i18next.loadNamespaces([...namespaces]))
    .catch((error: unknown) => console.warn('texts not loaded', error));
setDocumentLanguage(firstLanguage);
i18next.on('languageChanged', setDocumentLanguage);

export const i18n = i18next;

/** The current interface language. */
export const currentLanguage = (): Language =>
  isLanguage(i18next.language) ? i18next.language : fallbackLanguage;

/**
 * Switches the interface language and remembers it locally; when signed in it also becomes the
 * user's default language on the server (PATCH config/changeuserconfig). A failed PATCH is only logged.
 */
export const changeLanguage = async (
  lng: Language,
  options: { saveOnServer?: boolean } = {},
): Promise<void> => {
  useUiStore.getState().setLanguage(lng);
  await i18next.changeLanguage(lng);
  const { token, user, setUser } = useAuthStore.getState();
  if (!token || options.saveOnServer === false) return;
  try {
    await api.patch('/api/config/changeuserconfig', undefined, {
      query: { paramName: 'language', paramValue: lng },
    });
    if (user) setUser({ ...user, defaultLanguage: lng });
    const startup = useStartupStore.getState();
    if (startup.config?.user)
      startup.setConfig({ ...startup.config, user: { ...startup.config.user, defaultLanguage: lng } });
  } catch (error) {
    console.warn('language not saved on the server', error);
  }
};

/** After sign-in the user's default language wins over the local choice. */
export const applyUserLanguage = async (defaultLanguage: string | null | undefined): Promise<void> => {
  if (isLanguage(defaultLanguage) && defaultLanguage !== i18next.language) {
    await changeLanguage(defaultLanguage, { saveOnServer: false });
  }
};

const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && (errorCodes as readonly string[]).includes(value);

interface CodeWithParams {
  readonly code: ErrorCode;
  readonly params?: Readonly<Record<string, string | number>>;
}

const codeOf = (error: unknown): CodeWithParams | 'network' => {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return 'network';
    const own = error.fields.find((f) => f.rule === error.code);
    return { code: error.code, params: own?.params };
  }
  if (isErrorCode(error)) return { code: error };
  if (typeof error === 'object' && error !== null) {
    const e = error as { code?: unknown; rule?: unknown; params?: unknown; body?: { code?: unknown } };
    const params =
      typeof e.params === 'object' && e.params !== null
        ? (e.params as Record<string, string | number>)
        : undefined;
    if (isErrorCode(e.rule)) return { code: e.rule, params };
    if (isErrorCode(e.code)) return { code: e.code, params };
    if (isErrorCode(e.body?.code)) return { code: e.body.code, params };
  }
  return { code: 'somethingWentWrong' };
};

/**
 * The translated message (errors.json) of an error: an ApiError, an error body, a field error
 * ({ rule, params }) or a bare code. A call that got no response gives the "cannot reach the server" notice.
 */
export const errorMessage = (t: Translate, error: unknown): string => {
  const found = codeOf(error);
  if (found === 'network') return t('common:notices.networkError');
  return t(`errors:${found.code}`, { ...found.params, defaultValue: t('errors:somethingWentWrong') });
};

/** Field name → translated message of the `fields[]` of an ApiError (first error per field). */
export const fieldErrorMessages = (t: Translate, error: unknown): Record<string, string> => {
  const fields: FieldError[] = error instanceof ApiError ? error.fields : [];
  const out: Record<string, string> = {};
  for (const f of fields) out[f.field] ??= errorMessage(t, f);
  return out;
};
