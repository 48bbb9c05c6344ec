import { listNotifications, type ApiClient, type Notification } from '@scenaria/api-contract';
import { arrivedSince, readIdsToKeep, unreadOf } from './unread';

const POLL_MS = 3000;
const TOAST_MS = 8000;

/**
 * The signed-in user's deploy and cancel outcomes (`GET /api/notifications`), polled while the page is open.
 * The server keeps no read marks, so the ids read are kept in this browser, per user.
 */
export class NotificationCenter {
  readonly #api: ApiClient;
  readonly #storageKey: string;
  all = $state.raw<Notification[]>([]);
  read = $state.raw<ReadonlySet<string>>(new Set());
  toasts = $state.raw<Notification[]>([]);
  #previous: Notification[] | undefined;
  #timer: ReturnType<typeof setInterval> | undefined;

  constructor(api: ApiClient, username: string) {
    this.#api = api;
    this.#storageKey = `scenaria.notifications-read.${username}`;
    this.read = new Set(this.#loadRead());
  }

  get unread(): Notification[] {
    return unreadOf(this.all, this.read);
  }

  start(): void {
    void this.poll();
    this.#timer = setInterval(() => void this.poll(), POLL_MS);
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  async poll(): Promise<void> {
    const result = await this.#api.call(listNotifications);
    if (!result.ok) return;
    const arrived = arrivedSince(this.#previous, result.data, this.read);
    this.#previous = result.data;
    this.all = result.data;
    if (arrived.length > 0) {
      this.toasts = [...this.toasts, ...arrived];
      for (const toast of arrived) setTimeout(() => this.dismissToast(toast.id), TOAST_MS);
    }
  }

  dismissToast(id: string): void {
    this.toasts = this.toasts.filter((toast) => toast.id !== id);
  }

  markRead(ids: readonly string[]): void {
    this.read = new Set([...this.read, ...ids]);
    this.toasts = this.toasts.filter((toast) => !ids.includes(toast.id));
    this.#saveRead();
  }

  markAllRead(): void {
    this.markRead(this.all.map((notification) => notification.id));
  }

  #loadRead(): string[] {
    try {
      const parsed: unknown = JSON.parse(localStorage.getItem(this.#storageKey) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
    } catch {
      return [];
    }
  }

  #saveRead(): void {
    localStorage.setItem(this.#storageKey, JSON.stringify(readIdsToKeep(this.read, this.all)));
  }
}
