import { createApiClient, getCurrentUser, type ApiCredentials, type CurrentUser } from '@scenaria/api-contract';

const storageKey = 'scenaria.credentials';

function storedCredentials(): ApiCredentials | undefined {
  if (typeof sessionStorage === 'undefined') return undefined;
  const raw = sessionStorage.getItem(storageKey);
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as Partial<ApiCredentials>;
    if (typeof parsed.username === 'string' && typeof parsed.password === 'string') {
      return { username: parsed.username, password: parsed.password };
    }
  } catch {
    // a damaged entry means "log in again"
  }
  sessionStorage.removeItem(storageKey);
  return undefined;
}

/**
 * Who is logged in. The API uses basic authentication, so the credentials live for the browser tab
 * (sessionStorage) and go with every request; nothing is kept after the tab closes.
 */
class Session {
  credentials = $state<ApiCredentials | undefined>(storedCredentials());
  user = $state<CurrentUser | undefined>(undefined);
  checking = $state(false);
  readonly api = createApiClient({
    credentials: () => this.credentials,
    // Credentials go in the client's own Authorization header. With "omit" the browser neither sends remembered
    // basic-auth credentials nor opens its own login prompt when a 401 carries WWW-Authenticate.
    requestInit: { credentials: 'omit' },
  });

  /** Checks stored credentials once on start; a 401 sends the user to the login form. */
  async restore(): Promise<void> {
    if (!this.credentials || this.user) return;
    this.checking = true;
    const result = await this.api.call(getCurrentUser);
    this.checking = false;
    if (result.ok) this.user = result.data;
    else this.logout();
  }

  async login(credentials: ApiCredentials): Promise<string | undefined> {
    this.credentials = credentials;
    const result = await this.api.call(getCurrentUser);
    if (!result.ok) {
      this.credentials = undefined;
      return result.status === 401 ? 'Wrong user name or password.' : result.error.message;
    }
    this.user = result.data;
    sessionStorage.setItem(storageKey, JSON.stringify(credentials));
    return undefined;
  }

  logout(): void {
    this.credentials = undefined;
    this.user = undefined;
    sessionStorage.removeItem(storageKey);
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
