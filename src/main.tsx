import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { openReplicaEarly } from './app/openReplicaEarly';
import { i18nReady } from './i18n/i18n';
import { afterFirstScreen } from './state/firstScreen';

openReplicaEarly();
const root = document.getElementById('root');
if (!root) throw new Error('#root missing in index.html');
// The first screen renders once its language's texts are loaded (one small chunk, from the cache offline).
void i18nReady.finally(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
// The service worker registers once the first screen is up: its code and its precache downloads (the whole app)
// do not compete with the first screen's chunks.
void afterFirstScreen()
  .then(() => import('./pwa/startPwa'))
  .then((pwa) => pwa.startPwa());
