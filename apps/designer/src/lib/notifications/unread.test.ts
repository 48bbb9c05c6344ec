import type { Notification } from '@scenaria/api-contract';
import { describe, expect, it } from 'vitest';
import { arrivedSince, notificationText, readIdsToKeep, unreadOf } from './unread';

const note = (id: string, type: Notification['type'] = null): Notification => ({ id, scenarioName: 'fraud', message: 'Deployment finished', type, toRefresh: ['state'] });

describe('notifications', () => {
  it('lists the unread ones newest first', () => {
    expect(unreadOf([note('a'), note('b'), note('c')], new Set(['b'])).map((n) => n.id)).toEqual(['c', 'a']);
  });

  it('announces only what arrived since the last poll, and nothing on the first one', () => {
    expect(arrivedSince(undefined, [note('a')], new Set())).toEqual([]);
    expect(arrivedSince([note('a')], [note('a'), note('b'), note('c')], new Set(['c'])).map((n) => n.id)).toEqual(['b']);
  });

  it('forgets read ids the server no longer lists', () => {
    expect(readIdsToKeep(new Set(['gone', 'a']), [note('a'), note('b')])).toEqual(['a']);
  });

  it('names the scenario of a status notification', () => {
    expect(notificationText(note('a'))).toBe('fraud: Deployment finished');
    expect(notificationText({ ...note('b', 'error'), message: 'Deployment of fraud failed' })).toBe('Deployment of fraud failed');
  });
});
