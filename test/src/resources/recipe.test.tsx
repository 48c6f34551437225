import { MantineProvider } from '@mantine/core';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, matchRoutes, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { languages } from '../../../domain/languages';
import { buildMenu, drawerSectionsFor } from '../../../domain/menu';
import { defineResource } from '../../../domain/resources/types';
import { featureRoutes } from '../../../src/app/featureRoutes';
import { appMenu } from '../../../src/app/menu/appMenu';
import { i18n } from '../../../src/i18n/i18n';
import { resourceDefinitions } from '../../../src/resources/registry';
import { resourceRoutesOf } from '../../../src/resources/resourceRoutes';
import { useAuthStore } from '../../../src/state/authStore';
import { someClaims } from '../../support/claims';

/**
 * The README's recipe "Adding a resource": a definition file (and its migration and translations) is all a new
 * resource needs. A throwaway definition goes through the same builders the app runs on the definitions in
 * domain/resources/definitions/, and must come out with its routes, its list screen and its menu entry.
 */
const throwaway = defineResource({
  name: 'recipeThrowaway',
  path: 'RecipeThrowaway',
  route: 'recipe-throwaways',
  section: 'business',
  titleField: 'label',
  read: 'any',
  write: 'power',
  fields: { label: { kind: 'string', required: true, maxLength: 50, list: true } },
});

const claims = someClaims({ IsPowerUser: true, LogisticsEnabled: true });

describe('recipe: adding a resource', () => {
  const definitions = [...resourceDefinitions, throwaway];

  it('gets a menu entry in its section, labelled with its list title', () => {
    const menu = buildMenu(definitions);
    const business = menu.find((s) => s.key === 'business');
    expect(business?.items.at(-1)).toEqual({
      key: 'recipeThrowaway',
      link: '/recipe-throwaways',
      access: 'any',
      label: 'resources:recipeThrowaway.title',
    });
    // The server sends the same menu (drawerSections), filtered by the caller's rights.
    const sections = drawerSectionsFor(menu, claims);
    expect(sections.flatMap((s) => s.items.map((i) => i.key))).toContain('recipeThrowaway');
  });

  it('gets list, add, preview and edit routes', () => {
    const routes = resourceRoutesOf(definitions);
    const paths = routes.map((r) => r.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/recipe-throwaways',
        '/recipe-throwaways/new',
        '/recipe-throwaways/:id',
        '/recipe-throwaways/:id/edit',
      ]),
    );
    const match = matchRoutes(
      routes.map((r) => ({ path: r.path })),
      '/recipe-throwaways/0b7c3f7e-0000-4000-8000-000000000000/edit',
    );
    expect(match?.at(-1)?.route.path).toBe('/recipe-throwaways/:id/edit');
  });

  it('gets a list screen that shows its translated title and columns', async () => {
    await i18n.changeLanguage('en-us');
    i18n.addResourceBundle('en-us', 'resources', {
      recipeThrowaway: {
        title: 'Recipe throwaways',
        one: 'Recipe throwaway',
        fields: { label: 'Label text' },
      },
    });
    useAuthStore.setState({ claims, token: 't' });
    const routes = resourceRoutesOf([throwaway]);
    // Prerendering waits for the screen's chunk (the generic screens load on demand).
    const { prelude } = await prerenderToNodeStream(
      <I18nextProvider i18n={i18n}>
        <MantineProvider>
          <MemoryRouter initialEntries={['/recipe-throwaways']}>
            <Routes>
              {routes.map((r) => (
                <Route key={r.path} path={r.path} element={'element' in r ? r.element : null} />
              ))}
            </Routes>
          </MemoryRouter>
        </MantineProvider>
      </I18nextProvider>,
    );
    let html = '';
    for await (const chunk of prelude) html += String(chunk);
    expect(html).toContain('Recipe throwaways');
    expect(html).toContain('Label text');
  });

  it('the app builds its routes and menu with these same builders from every definition', () => {
    const routePaths = new Set(featureRoutes.map((r) => r.path));
    const menuLinks = new Set(appMenu.flatMap((s) => s.items.map((i) => i.link)));
    for (const def of resourceDefinitions) {
      expect(routePaths.has(`/${def.route}`), def.name).toBe(true);
      expect(menuLinks.has(`/${def.route}`), def.name).toBe(def.menu !== false);
    }
  });

  it('every menu section and entry of the app has its label in every language', async () => {
    await i18n.loadLanguages([...languages]);
    // Each language's own text, not the fallback language's.
    const has = (lng: string, label: string): boolean => {
      const [ns = '', key = ''] = label.split(':');
      return typeof i18n.getResource(lng, ns, key) === 'string';
    };
    const missing = languages.flatMap((lng) =>
      appMenu.flatMap((section) => [
        ...(has(lng, `common:menu.sections.${section.key}`) ? [] : [`${lng} ${section.key}`]),
        ...section.items.filter((i) => !has(lng, i.label)).map((i) => `${lng} ${i.label}`),
      ]),
    );
    expect(missing).toEqual([]);
  });
});
