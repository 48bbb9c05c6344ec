import { findDictionaryEntries } from '@scenaria/components';
import type { DictionaryDefinition } from '@scenaria/components';
import { canBeSubclassOf, typingResultFromJson } from '@scenaria/typing';
import type { AuthenticatedUser } from '../auth/users';
import { hasPermission } from '../auth/users';
import type { ConfigStore } from '../config/config-store';
import { badRequest, notFound } from '../errors';
import type { ModelRegistry } from './models';

/** The dictionaries of each processing type's model (Nussknacker's dictionary API). */
export class DictionaryService {
  constructor(
    private readonly config: ConfigStore,
    private readonly models: ModelRegistry,
  ) {}

  // A processing type the user cannot read is answered like a missing one, as the reference does.
  #dictionaries(user: AuthenticatedUser, processingType: string): Readonly<Record<string, DictionaryDefinition>> {
    const type = this.config.processingType(processingType);
    const model = this.models.modelFor(processingType);
    if (!type || !model || !hasPermission(user, type.category, 'Read')) throw notFound(`Processing type: ${processingType} not found`);
    return model.dictionaries ?? {};
  }

  /** Dictionaries whose value type is a subtype of the expected type; the label is the id, as in the reference. */
  list(user: AuthenticatedUser, processingType: string, expectedTypeJson: unknown): { id: string; label: string }[] {
    const dictionaries = this.#dictionaries(user, processingType);
    const expected = typingResultFromJson(expectedTypeJson);
    if (!expected.ok) {
      const first = expected.errors[0];
      throw badRequest(`The request content was malformed:\n${first?.message ?? 'bad expectedType'}`, ['json', 'expectedType', ...(first?.path ?? [])]);
    }
    return Object.entries(dictionaries)
      .filter(([, dictionary]) => canBeSubclassOf(dictionary.valueType, expected.value))
      .map(([id]) => ({ id, label: id }));
  }

  /** Entries of one dictionary whose label contains the text. */
  entries(user: AuthenticatedUser, processingType: string, dictId: string, label: string): { key: string; label: string }[] {
    const dictionaries = this.#dictionaries(user, processingType);
    // Own properties only: `__proto__` or `toString` is no dictionary.
    if (!Object.hasOwn(dictionaries, dictId)) throw notFound(`Dictionary with id: ${dictId} not found`);
    return findDictionaryEntries(dictionaries[dictId]!, label);
  }
}
