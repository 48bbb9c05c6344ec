import { defaultModel } from '@scenaria/components';
import { Types, recordType } from '@scenaria/typing';
import type { EmbeddedModels } from '../src/index';

/** The default models with the topic the test scenarios read declared: records `{id: String, amount: Integer}`. */
export function testModels(): EmbeddedModels {
  const topics = { transactions: recordType({ id: Types.String, amount: Types.Integer }) };
  return { streaming: defaultModel('streaming', { topics }), 'request-response': defaultModel('request-response') };
}
