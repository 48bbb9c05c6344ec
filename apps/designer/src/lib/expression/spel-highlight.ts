import { HighlightStyle, StreamLanguage, syntaxHighlighting, type StreamParser } from '@codemirror/language';
import { tags } from '@lezer/highlight';

interface SpelTokenState {
  /** Inside a `spelTemplate`, text outside `#{...}` is literal; `depth` counts open braces of an insert. */
  template: boolean;
  depth: number;
}

const keywords = /^(?:and|or|not|instanceof|matches|between|new|T|true|false|null|eq|ne|lt|gt|le|ge|div|mod)\b/i;

function spelToken(stream: Parameters<StreamParser<SpelTokenState>['token']>[0], state: SpelTokenState): string | null {
  if (state.template && state.depth === 0) {
    if (stream.match('#{')) {
      state.depth = 1;
      return 'meta';
    }
    while (!stream.eol() && !stream.match('#{', false)) stream.next();
    return 'string';
  }
  if (stream.eatSpace()) return null;
  const quote = stream.peek();
  if (quote === "'" || quote === '"') {
    stream.next();
    for (;;) {
      const char = stream.next();
      if (char === undefined) break;
      if (char === quote) {
        // a doubled quote is an escaped quote inside the literal
        if (stream.peek() === quote) stream.next();
        else break;
      }
    }
    return 'string';
  }
  if (stream.match(/^#root\b|^#this\b/)) return 'keyword';
  if (stream.match(/^#[A-Za-z_$][\w$]*/)) return 'variableName';
  if (stream.match(/^\d+(?:\.\d+)?(?:[eE][+-]?\d+)?[LlFfDd]?/) || stream.match(/^0[xX][0-9a-fA-F]+[Ll]?/)) return 'number';
  if (stream.match(keywords)) return 'keyword';
  if (stream.match(/^[A-Za-z_$][\w$]*(?=\s*\()/)) return 'function';
  if (stream.match(/^[A-Za-z_$][\w$]*/)) return 'propertyName';
  if (state.template) {
    if (stream.peek() === '{') state.depth += 1;
    if (stream.peek() === '}') {
      state.depth -= 1;
      stream.next();
      return state.depth === 0 ? 'meta' : 'bracket';
    }
  }
  if (stream.match(/^(?:\?\.|\?:|\.\?|\.\^|\.\$|==|!=|<=|>=|&&|\|\||[-+*/%<>=!?:^])/)) return 'operator';
  stream.next();
  return 'punctuation';
}

function parserFor(template: boolean): StreamParser<SpelTokenState> {
  return {
    name: template ? 'spelTemplate' : 'spel',
    startState: () => ({ template, depth: 0 }),
    copyState: (state) => ({ ...state }),
    token: spelToken,
    tokenTable: { function: tags.function(tags.variableName), meta: tags.special(tags.brace) },
  };
}

/** SpEL (and SpEL template) highlighting: a light stream tokenizer, enough for colours while typing. */
export const spelLanguage = StreamLanguage.define(parserFor(false));
export const spelTemplateLanguage = StreamLanguage.define(parserFor(true));

export const spelHighlighting = syntaxHighlighting(
  HighlightStyle.define([
    { tag: tags.string, color: '#2f6f4f' },
    { tag: tags.number, color: '#8a4b12' },
    { tag: tags.keyword, color: '#7a4b8a', fontWeight: '600' },
    { tag: tags.variableName, color: '#31608f' },
    { tag: tags.function(tags.variableName), color: '#2f5d62' },
    { tag: tags.propertyName, color: '#1f2a2e' },
    { tag: tags.operator, color: '#6b5a3e' },
    { tag: tags.special(tags.brace), color: '#a8412e', fontWeight: '600' },
  ]),
);
