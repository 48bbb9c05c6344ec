import { EmbeddedManagerSettingsSchema, migrate, publishToTopic, readTopicTail, TopicRecordInputSchema, validateTopicName } from '@scenaria/dm-embedded';
import type { TopicRecord } from '@scenaria/dm-embedded';
import type { AuthenticatedUser } from '../auth/users';
import type { Database } from '../db/database';
import type { ServerConfig } from '../config/config-schema';
import { badRequest, forbidden, tooManyRequests } from '../errors';

/** How far a topic's slowest consumer may fall behind before a publish waits, and how long it waits. */
export interface TopicBounds {
  maxBacklog: number;
  waitMs: number;
}

/**
 * The bound of publishes through the API: the strictest of the embedded managers the configuration runs, since
 * they share the designer's topics (the manager's own defaults when none is configured).
 */
export function topicBounds(config: ServerConfig): TopicBounds {
  const settings = Object.values(config.processingTypes)
    .filter((type) => type.deploymentManager.type === 'embedded')
    .map(({ deploymentManager: { type: _type, ...rest } }) => EmbeddedManagerSettingsSchema.parse(rest));
  if (settings.length === 0) settings.push(EmbeddedManagerSettingsSchema.parse({}));
  return {
    maxBacklog: Math.min(...settings.map((one) => one.maxTopicBacklog)),
    waitMs: Math.min(...settings.map((one) => one.publishWaitMs)),
  };
}

/**
 * The embedded deployment manager's topics, which live in the designer's own database: publishing test
 * records and reading a topic's tail.
 */
export class TopicService {
  #tables: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    private readonly bounds: () => TopicBounds,
  ) {}

  // The topics' tables belong to the embedded manager, which creates them when it is first built: a topic may be
  // written or read before any scenario asked for a manager.
  #ready(): Promise<void> {
    this.#tables ??= migrate(this.db).catch((error: unknown) => {
      this.#tables = undefined;
      throw error;
    });
    return this.#tables;
  }

  #check(user: AuthenticatedUser, topic: string): void {
    // Topics belong to no category: writing test records or reading a topic's tail is an administrator's tool.
    if (!user.isAdmin) throw forbidden('Only an administrator may do this');
    const issues = validateTopicName(topic);
    if (issues.length > 0) throw badRequest(issues.map((issue) => issue.message).join('; '), ['param', 'topic']);
  }

  /** `POST /api/topics/{topic}/records`: appends the records, answers their offsets. */
  async publish(user: AuthenticatedUser, topic: string, records: readonly unknown[]): Promise<{ offsets: number[] }> {
    this.#check(user, topic);
    const parsed = TopicRecordInputSchema.array().safeParse(records);
    if (!parsed.success) throw badRequest(`Invalid records: ${parsed.error.issues[0]?.message ?? 'bad record'}`, ['json', 'records']);
    await this.#ready();
    const stored = await publishToTopic(this.db, topic, parsed.data, this.bounds());
    // Backpressure: the topic's consumers are too far behind; the publisher should slow down and retry.
    if (!stored.ok && stored.errors.some((issue) => issue.code === 'TopicBacklogFull')) throw tooManyRequests(stored.errors.map((issue) => issue.message).join('; '), 1);
    if (!stored.ok) throw badRequest(stored.errors.map((issue) => issue.message).join('; '), ['param', 'topic']);
    return { offsets: stored.value.offsets };
  }

  /**
   * The newest records of a topic a scenario's source reads, oldest first: test data generated for that source
   * (the scenario's own read right was checked by the caller; a topic name the source names is data, checked here).
   */
  async samples(topic: string, limit: number): Promise<TopicRecord[]> {
    if (validateTopicName(topic).length > 0) return [];
    await this.#ready();
    return readTopicTail(this.db, topic, { limit });
  }

  /** `GET /api/topics/{topic}/records`: the newest records, oldest first. */
  async tail(user: AuthenticatedUser, topic: string, limit: number | undefined): Promise<TopicRecord[]> {
    this.#check(user, topic);
    await this.#ready();
    return readTopicTail(this.db, topic, limit === undefined ? {} : { limit });
  }
}
