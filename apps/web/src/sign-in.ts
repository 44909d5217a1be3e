import { createSimClient, SimApiError, unwrap, type Credentials } from '@sim/client';
import { h } from './dom.js';
import { credentialsFrom } from './session.js';
import { handler } from './in-background.js';

/**
 * The sign-in form: an API key (`sim_…`) or a JWT. The secret is checked with one authenticated
 * read before it is kept, so a typo is caught here and not on the first action.
 */
export function signInForm(onSignedIn: (credentials: Credentials) => void): HTMLElement {
  const secret = h('input', { id: 'sign-in-secret', type: 'password', placeholder: 'sim_… or a JWT', autocomplete: 'off', size: 48 });
  const message = h('p', { id: 'sign-in-message', class: 'message', role: 'status' });
  const submit = async (event: Event) => {
    event.preventDefault();
    const credentials = credentialsFrom(secret.value);
    message.textContent = 'Checking…';
    try {
      const client = createSimClient({ baseUrl: location.origin, credentials, retry: false });
      await unwrap(client.GET('/v1/simulations', { params: { query: { limit: 1 } } }));
      onSignedIn(credentials);
    } catch (error) {
      message.textContent = error instanceof SimApiError ? `Refused: ${error.message}` : `Could not reach the service: ${String(error)}`;
    }
  };
  return h(
    'form',
    { id: 'sign-in', class: 'panel narrow', onsubmit: handler(submit) },
    h('h2', {}, 'Sign in'),
    h('p', {}, 'Paste an API key (the first start of the server prints one) or a JWT. It is kept for this browser tab only.'),
    secret,
    h('button', { id: 'sign-in-button', type: 'submit', class: 'primary' }, 'Sign in'),
    message,
  );
}
