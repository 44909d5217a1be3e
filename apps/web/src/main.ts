// First: it mends navigator.language before uPlot's module reads it (usable-locale.ts).
import './usable-locale.js';
import { createSimClient, type Credentials } from '@sim/client';
import { byId, h } from './dom.js';
import { experimentPage, experimentsPage } from './experiments-page.js';
import { simulationPicker } from './picker.js';
import { session } from './session.js';
import { signInForm } from './sign-in.js';
import { simulationPage, type PageContext } from './simulation-page.js';
import { inBackground } from './in-background.js';

/** What the browser test and the frame-rate benchmark read from the page. */
declare global {
  interface Window {
    simViewer: PageContext['stats'];
  }
}

const root = byId('app');
const account = byId('account');
const stats: PageContext['stats'] = { ticksReceived: 0 };
window.simViewer = stats;
let dispose: (() => void) | undefined;
/** Counts navigations: a page that finishes loading after a newer navigation began is thrown away. */
let navigation = 0;

function signedIn(credentials: Credentials): void {
  session.save(credentials);
  inBackground(route());
}

function signOut(): void {
  session.clear();
  location.hash = '';
  inBackground(route());
}

/** `#/simulations/<id>` shows that simulation, `#/experiments` and `#/experiments/<id>` the experiments; anything else the picker. Reloading keeps the view. */
async function route(): Promise<void> {
  const current = ++navigation;
  dispose?.();
  dispose = undefined;
  const credentials = session.load();
  if (credentials === undefined) {
    account.replaceChildren();
    root.replaceChildren(signInForm(signedIn));
    return;
  }
  account.replaceChildren(
    h('a', { href: '#/' }, 'Simulations'),
    ' · ',
    h('a', { href: '#/experiments', id: 'nav-experiments' }, 'Experiments'),
    ' · ',
    h('button', { id: 'sign-out', type: 'button', class: 'link', onclick: signOut }, 'Sign out'),
  );
  const client = createSimClient({ baseUrl: location.origin, credentials });
  const open = (id: string) => void (location.hash = `#/simulations/${id}`);
  const match = /^#\/simulations\/([0-9a-f-]{36})$/.exec(location.hash);
  const experiment = /^#\/experiments\/([0-9a-f-]{36})$/.exec(location.hash);
  const openExperiment = (id: string) => void (location.hash = `#/experiments/${id}`);
  root.replaceChildren(h('p', { class: 'hint' }, 'Loading…'));
  try {
    if (match?.[1] !== undefined) {
      stats.ticksReceived = 0;
      const page = await simulationPage({ client, credentials, stats, open }, match[1]);
      if (current !== navigation) return page.dispose();
      root.replaceChildren(page.element);
      dispose = page.dispose;
    } else if (experiment?.[1] !== undefined) {
      const page = await experimentPage(client, experiment[1]);
      if (current !== navigation) return page.dispose();
      root.replaceChildren(page.element);
      dispose = page.dispose;
    } else {
      const element = location.hash === '#/experiments' ? await experimentsPage(client, openExperiment) : await simulationPicker(client, open);
      if (current === navigation) root.replaceChildren(element);
    }
  } catch (error) {
    if (current !== navigation) return;
    root.replaceChildren(
      h('p', { class: 'message', role: 'alert' }, String(error instanceof Error ? error.message : error)),
      h('a', { href: '#/' }, 'Back to the simulations'),
    );
  }
}

window.addEventListener('hashchange', () => inBackground(route()));
inBackground(route());
