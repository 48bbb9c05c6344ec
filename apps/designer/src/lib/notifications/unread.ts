import type { Notification } from '@scenaria/api-contract';

/** How many read ids are remembered: the server keeps a day of notifications, far fewer than this. */
export const MAX_REMEMBERED = 500;

/** The notifications not yet read, newest first (the server lists them oldest first). */
export function unreadOf(notifications: readonly Notification[], read: ReadonlySet<string>): Notification[] {
  return notifications.filter((notification) => !read.has(notification.id)).reverse();
}

/** Notifications that arrived since the previous poll (and are unread): the ones a toast announces. */
export function arrivedSince(previous: readonly Notification[] | undefined, current: readonly Notification[], read: ReadonlySet<string>): Notification[] {
  // The first poll of a page shows what is unread in the panel, not as a burst of toasts.
  if (previous === undefined) return [];
  const seen = new Set(previous.map((notification) => notification.id));
  return current.filter((notification) => !seen.has(notification.id) && !read.has(notification.id));
}

/** The read ids worth keeping: those the server still lists, and no more than `MAX_REMEMBERED`. */
export function readIdsToKeep(read: ReadonlySet<string>, current: readonly Notification[]): string[] {
  const listed = new Set(current.map((notification) => notification.id));
  return [...read].filter((id) => listed.has(id)).slice(-MAX_REMEMBERED);
}

/** How a notification is worded: a refresh-only one (null `type`) is about its scenario's status. */
export function notificationText(notification: Notification): string {
  if (notification.type === null && notification.scenarioName) return `${notification.scenarioName}: ${notification.message}`;
  return notification.message;
}
