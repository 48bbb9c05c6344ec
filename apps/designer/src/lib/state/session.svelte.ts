import { ApiClient, type Credentials } from '$lib/api/client';

/** The logged user as `GET /api/user` describes it. */
export interface LoggedUser {
  id: string;
  username: string;
  isAdmin: boolean;
  categories: string[];
  categoryPermissions: Record<string, string[]>;
  globalPermissions: string[];
}

const storageKey = 'scenaria.credentials';

function storedCredentials(): Credentials | undefined {
  if (typeof sessionStorage === 'undefined') return undefined;
  const raw = sessionStorage.getItem(storageKey);
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as Partial<Credentials>;
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
  credentials = $state<Credentials | undefined>(storedCredentials());
  user = $state<LoggedUser | undefined>(undefined);
  checking = $state(false);
  readonly api = new ApiClient(() => this.credentials);

  /** Checks stored credentials once on start; a 401 sends the user to the login form. */
  async restore(): Promise<void> {
    if (!this.credentials || this.user) return;
    this.checking = true;
    const result = await this.api.get<LoggedUser>('/api/user');
    this.checking = false;
    if (result.ok) this.user = result.value;
    else this.logout();
  }

  async login(credentials: Credentials): Promise<string | undefined> {
    this.credentials = credentials;
    const result = await this.api.get<LoggedUser>('/api/user');
    if (!result.ok) {
      this.credentials = undefined;
      return result.status === 401 ? 'Wrong user name or password.' : result.message;
    }
    this.user = result.value;
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
