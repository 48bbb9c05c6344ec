import { describe, expectTypeOf, it } from 'vitest';
import { defineMessages, type Issue, type MessageCatalogue } from './index';

type Code = 'Blank' | 'TooLong';

describe('MessageCatalogue', () => {
  it('needs an entry for every code', () => {
    // @ts-expect-error: 'TooLong' has no message
    const missing: MessageCatalogue<Code> = { Blank: 'cannot be blank' };
    // @ts-expect-error: 'Empty' is not a code
    const extra: MessageCatalogue<Code> = { Blank: 'cannot be blank', TooLong: 'too long', Empty: 'empty' };
    expectTypeOf(missing).toEqualTypeOf<{ readonly Blank: string; readonly TooLong: string }>();
    expectTypeOf(extra).toEqualTypeOf<MessageCatalogue<Code>>();
  });

  it('checks the entries against the entry type', () => {
    // @ts-expect-error: a template where a string is expected
    const wrong: MessageCatalogue<Code> = { Blank: () => 'cannot be blank', TooLong: 'too long' };
    expectTypeOf(wrong.Blank).toBeString();
  });

  it('is what satisfies checks', () => {
    const table = { Blank: 'cannot be blank', TooLong: 'too long' } as const satisfies MessageCatalogue<Code>;
    expectTypeOf(table.Blank).toEqualTypeOf<'cannot be blank'>();
  });
});

describe('defineMessages', () => {
  it('refuses a table missing a code', () => {
    // @ts-expect-error: 'TooLong' has no message
    defineMessages<Code>({ Blank: 'cannot be blank' });
  });

  it('refuses a code outside the union', () => {
    // @ts-expect-error: 'Empty' is not a code
    defineMessages<Code>({ Blank: 'cannot be blank', TooLong: 'too long', Empty: 'empty' });
  });

  it('types lookups by code', () => {
    const messages = defineMessages<Code, (limit: number) => string>({ Blank: () => '', TooLong: (limit) => String(limit) });
    expectTypeOf(messages.TooLong).toEqualTypeOf<(limit: number) => string>();
    expectTypeOf(messages).not.toHaveProperty('Empty');
  });
});

describe('Issue', () => {
  it('narrows the code to the union', () => {
    expectTypeOf<Issue<Code>['code']>().toEqualTypeOf<Code>();
    expectTypeOf<Issue['code']>().toEqualTypeOf<string>();
    // @ts-expect-error: not one of the codes
    const issue: Issue<Code> = { code: 'Unknown', message: 'x' };
    expectTypeOf(issue.message).toBeString();
  });

  it('is extended by package issue types with their own fields', () => {
    interface GraphLike extends Issue<'Cycle'> {
      readonly nodeIds?: string[];
    }
    expectTypeOf<GraphLike>().toExtend<Issue>();
    // @ts-expect-error: code and message are required
    const bare: Issue = { nodeId: 'a' };
    expectTypeOf(bare.nodeId).toEqualTypeOf<string | undefined>();
  });
});
