import {
  createApiClient,
  exchangeAuthenticationCodeForm,
  getAuthenticationSettings,
  getCurrentUser,
  getUiSettings,
  signOut,
  type ApiCredentials,
  type CurrentUser,
} from '@scenaria/api-contract';

const credentialsKey = 'scenaria.credentials';
const refreshKey = 'scenaria.refresh-token';
const pendingKey = 'scenaria.sign-in';
const popupMessage = 'scenaria.signed-in';

/** How the server wants people to sign in (`GET /api/authentication/{provider}/settings`). */
export type SignInStrategy =
  | { strategy: 'Browser'; provider: string }
  | { strategy: 'OAuth2'; provider: string; authorizeUrl: string }
  | { strategy: 'Remote'; provider: string; moduleUrl: string };

/** A code flow under way: what the callback must match and send back. */
interface PendingSignIn {
  state: string;
  verifier: string;
  returnTo: string;
  /** Signing in again in a pop-up while the page that expired keeps its unsaved work. */
  popup: boolean;
}

function readJson<T>(key: string, valid: (value: unknown) => value is T): T | undefined {
  if (typeof sessionStorage === 'undefined') return undefined;
  const raw = sessionStorage.getItem(key);
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (valid(parsed)) return parsed;
  } catch {
    // a damaged entry means "sign in again"
  }
  sessionStorage.removeItem(key);
  return undefined;
}

const isCredentials = (value: unknown): value is ApiCredentials =>
  typeof value === 'object' &&
  value !== null &&
  (('username' in value && typeof value.username === 'string' && 'password' in value && typeof value.password === 'string') ||
    ('accessToken' in value && typeof value.accessToken === 'string'));

const isPending = (value: unknown): value is PendingSignIn =>
  typeof value === 'object' && value !== null && 'state' in value && 'verifier' in value && typeof value.state === 'string' && typeof value.verifier === 'string';

function randomUrlSafe(bytes: number): string {
  const buffer = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...buffer)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function pkceChallenge(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  return btoa(String.fromCharCode(...digest)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Where the identity provider sends the browser back: the designer's root, whatever page started the sign-in. */
const callbackUri = () => `${location.origin}/`;

/**
 * Who is signed in, and how. Basic credentials or an access token live for the browser tab (sessionStorage)
 * and go with every request; nothing is kept after the tab closes. A 401 while signed in (the token expired,
 * the password changed) first tries the refresh token, then marks the session `expired`: the page stays as
 * it is, unsaved work included, until the user signs in again.
 */
class Session {
  credentials = $state<ApiCredentials | undefined>(readJson(credentialsKey, isCredentials));
  user = $state<CurrentUser | undefined>(undefined);
  strategy = $state<SignInStrategy | undefined>(undefined);
  /** Signed in before, refused now: show "signed out" over the page instead of leaving it. */
  expired = $state(false);
  checking = $state(false);
  #refreshing: Promise<boolean> | undefined;

  readonly api = createApiClient({
    credentials: () => this.credentials,
    // Credentials go in the client's own Authorization header. With "omit" the browser neither sends remembered
    // basic-auth credentials nor opens its own login prompt when a 401 carries WWW-Authenticate.
    requestInit: { credentials: 'omit' },
    fetch: (input, init) => this.#fetch(String(input), init),
  });

  async #fetch(input: string, init?: RequestInit): Promise<Response> {
    const response = await fetch(input, init);
    if (response.status !== 401 || !this.user || input.includes('/api/authentication/')) return response;
    if (await this.#refresh()) {
      const headers = { ...(init?.headers as Record<string, string>) };
      if (this.credentials && 'accessToken' in this.credentials) headers.authorization = `Bearer ${this.credentials.accessToken}`;
      const retried = await fetch(input, { ...init, headers });
      if (retried.status !== 401) return retried;
    }
    this.expired = true;
    return response;
  }

  /** Trades the refresh token for a new access token, once for all calls that found the old one expired. */
  #refresh(): Promise<boolean> {
    const refreshToken = sessionStorage.getItem(refreshKey);
    const strategy = this.strategy;
    if (!refreshToken || strategy?.strategy !== 'OAuth2') return Promise.resolve(false);
    this.#refreshing ??= (async () => {
      const result = await this.api.call(exchangeAuthenticationCodeForm, {
        params: { provider: strategy.provider },
        body: new URLSearchParams({ refresh_token: refreshToken }),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      if (!result.ok) return false;
      this.#keepTokens(result.data.accessToken, result.data.refreshToken);
      return true;
    })().finally(() => {
      this.#refreshing = undefined;
    });
    return this.#refreshing;
  }

  #keepTokens(accessToken: string, refreshToken: string | undefined): void {
    this.credentials = { accessToken };
    sessionStorage.setItem(credentialsKey, JSON.stringify(this.credentials));
    if (refreshToken) sessionStorage.setItem(refreshKey, refreshToken);
    else sessionStorage.removeItem(refreshKey);
  }

  /**
   * Learns how to sign in, finishes a code flow the provider sent the browser back from, and checks stored
   * credentials. Answers the page a finished sign-in started from, for the caller to go back to.
   */
  async restore(): Promise<string | undefined> {
    let returnTo: string | undefined;
    this.checking = true;
    try {
      await this.#loadStrategy();
      const callback = new URLSearchParams(location.search);
      const pending = readJson(pendingKey, isPending);
      if (callback.has('code') && pending) {
        const error = await this.#completeSignIn(callback, pending);
        if (pending.popup && window.opener) {
          // Plain values: the credentials are reactive state (a proxy), which a message cannot carry.
          const accessToken = this.credentials && 'accessToken' in this.credentials ? this.credentials.accessToken : undefined;
          const message = { type: popupMessage, accessToken, refreshToken: sessionStorage.getItem(refreshKey) ?? undefined, error };
          (window.opener as Window).postMessage(message, location.origin);
          window.close();
          return undefined;
        }
        returnTo = pending.returnTo;
        if (error) this.signInError = error;
      }
      if (!this.credentials || this.user) return returnTo;
      const result = await this.api.call(getCurrentUser);
      if (result.ok) this.user = result.data;
      else this.#forget();
      return returnTo;
    } finally {
      this.checking = false;
    }
  }

  /** The last failed sign-in through the provider, for the sign-in page. */
  signInError = $state<string | undefined>(undefined);

  async #loadStrategy(): Promise<void> {
    if (this.strategy) return;
    const settings = await this.api.call(getUiSettings);
    const name = settings.ok ? settings.data.authentication.provider : 'BasicAuth';
    const provider = name.toLowerCase();
    const answer = await this.api.call(getAuthenticationSettings, { params: { provider } });
    if (!answer.ok) {
      this.strategy = { strategy: 'Browser', provider };
      return;
    }
    const data = answer.data;
    if (data.strategy === 'OAuth2' && data.authorizeUrl) this.strategy = { strategy: 'OAuth2', provider, authorizeUrl: data.authorizeUrl };
    else if (data.strategy === 'Remote') this.strategy = { strategy: 'Remote', provider, moduleUrl: data.moduleUrl };
    else this.strategy = { strategy: 'Browser', provider };
  }

  async #completeSignIn(callback: URLSearchParams, pending: PendingSignIn): Promise<string | undefined> {
    sessionStorage.removeItem(pendingKey);
    // The state ties the callback to the sign-in this tab started; anything else is someone else's code.
    if (callback.get('state') !== pending.state || !this.strategy) return 'The sign-in did not come back from the sign-in this page started.';
    const form = new URLSearchParams({ code: callback.get('code') ?? '', redirect_uri: callbackUri(), code_verifier: pending.verifier });
    const iss = callback.get('iss');
    if (iss) form.set('iss', iss);
    const result = await this.api.call(exchangeAuthenticationCodeForm, {
      params: { provider: this.strategy.provider },
      body: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    if (!result.ok) return result.error.message;
    this.#keepTokens(result.data.accessToken, result.data.refreshToken);
    return undefined;
  }

  /**
   * Sends the browser to the identity provider's sign-in page (authorization code with PKCE). With `popup`
   * the sign-in happens in a new window and this page, with its unsaved work, takes the new token when done.
   */
  async signInWithProvider(popup = false): Promise<void> {
    const strategy = this.strategy;
    if (strategy?.strategy !== 'OAuth2') return;
    const pending: PendingSignIn = { state: randomUrlSafe(16), verifier: randomUrlSafe(32), returnTo: location.pathname + location.search, popup };
    sessionStorage.setItem(pendingKey, JSON.stringify(pending));
    const url = new URL(strategy.authorizeUrl);
    if (!url.searchParams.has('redirect_uri')) url.searchParams.set('redirect_uri', callbackUri());
    url.searchParams.set('state', pending.state);
    url.searchParams.set('code_challenge', await pkceChallenge(pending.verifier));
    url.searchParams.set('code_challenge_method', 'S256');
    if (!popup) {
      location.assign(url.href);
      return;
    }
    const opened = window.open(url.href, 'scenaria-sign-in', 'popup,width=520,height=680');
    if (!opened) return;
    const done = (event: MessageEvent) => {
      if (event.origin !== location.origin || event.source !== opened || (event.data as { type?: unknown })?.type !== popupMessage) return;
      window.removeEventListener('message', done);
      const { accessToken, refreshToken, error } = event.data as { accessToken?: unknown; refreshToken?: unknown; error?: unknown };
      if (typeof accessToken === 'string') {
        this.#keepTokens(accessToken, typeof refreshToken === 'string' ? refreshToken : undefined);
        void this.#checkAgain();
      } else if (typeof error === 'string') this.signInError = error;
    };
    window.addEventListener('message', done);
  }

  async #checkAgain(): Promise<void> {
    const result = await this.api.call(getCurrentUser);
    if (result.ok) {
      this.user = result.data;
      this.expired = false;
    }
  }

  /** Basic sign-in with a user name and password (`Browser` strategy). */
  async login(credentials: ApiCredentials): Promise<string | undefined> {
    this.credentials = credentials;
    const result = await this.api.call(getCurrentUser);
    if (!result.ok) {
      // Signing in again after an expiry keeps the earlier user (and page) until a sign-in works.
      this.credentials = undefined;
      return result.status === 401 ? 'Wrong user name or password.' : result.error.message;
    }
    this.user = result.data;
    this.expired = false;
    sessionStorage.setItem(credentialsKey, JSON.stringify(credentials));
    return undefined;
  }

  #forget(): void {
    this.credentials = undefined;
    this.user = undefined;
    this.expired = false;
    sessionStorage.removeItem(credentialsKey);
    sessionStorage.removeItem(refreshKey);
  }

  /** Signs out of this tab, and out of the token cookie when the server set one. */
  async logout(): Promise<void> {
    const provider = this.strategy?.provider;
    this.#forget();
    if (provider && this.strategy?.strategy === 'OAuth2') await this.api.call(signOut, { params: { provider } });
  }

  /** Whether the user holds `permission` on `category` (admins hold every permission). */
  can(permission: 'Read' | 'Write' | 'Deploy', category: string | undefined): boolean {
    const user = this.user;
    if (!user) return false;
    if (user.isAdmin) return true;
    if (!category) return false;
    return (user.categoryPermissions[category] ?? []).includes(permission);
  }
}

export const session = new Session();
