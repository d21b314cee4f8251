// UPPAAL's declaration language and its query language as CodeMirror
// stream languages: enough to colour keywords, types, numbers, strings,
// comments and operators, and to match brackets. The words follow
// core/lang's keyword table and UPPAAL's reserved words
// (language-reference/reserved-keywords); context keywords that models
// also use as names (init, state, select, guard, sync, ...) stay names.

import { StreamLanguage } from "@codemirror/language";

const words = (s) => new Set(s.split(" "));

const types = words("int bool clock chan double string void scalar hybrid");
const modifiers = words("const urgent broadcast meta typedef struct");
const control = words("if else for while do return break continue switch case");
const operatorWords = words("and or not imply");
const atoms = words("true false");
const declWords = words("system forall exists sum process priority progress default before_update after_update");
const queryWords = words("forall exists sum deadlock sup inf bounds under Pr simulate control strategy minE maxE saveStrategy loadStrategy");

// The operators, longest first so that "-->" is one token and "<=" is not
// "<" then "=".
const operatorRx = /^(?:-->|<<=|>>=|==|!=|<=|>=|&&|\|\||<<|>>|\+\+|--|->|:=|\+=|-=|\*=|\/=|%=|&=|\|=|\^=|<\?|>\?|[-+*/%<>=!&|^~?:'])/;
// A path quantifier of a query: A[] E<> A<> E[] (also written A [] etc.).
const quantifierRx = /^[AE]\s*(?:\[\]|<>)/;

// blockComment reads a /* */ comment up to its end or the line's.
function blockComment(stream, state) {
  if (stream.skipTo("*/")) {
    stream.pos += 2;
    state.comment = false;
  } else {
    stream.skipToEnd();
  }
  return "blockComment";
}

function mode(query) {
  const named = query ? queryWords : declWords;
  return {
    name: query ? "uppaal-query" : "uppaal",
    startState: () => ({ comment: false }),
    copyState: (s) => ({ comment: s.comment }),
    token(stream, state) {
      if (state.comment) return blockComment(stream, state);
      if (stream.eatSpace()) return null;
      if (stream.match("//")) {
        stream.skipToEnd();
        return "lineComment";
      }
      if (stream.match("/*")) {
        state.comment = true;
        return blockComment(stream, state);
      }
      if (stream.peek() === "\"") {
        stream.next();
        let c;
        while ((c = stream.next()) != null) {
          if (c === "\\") stream.next();
          else if (c === "\"") break;
        }
        return "string";
      }
      if (stream.match(/^\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/) || stream.match(/^\.\d+(?:[eE][-+]?\d+)?/)) return "number";
      if (query && stream.match(quantifierRx)) return "keyword";
      const w = stream.match(/^[A-Za-z_][A-Za-z0-9_]*/);
      if (w) {
        const word = w[0];
        if (types.has(word)) return "typeName";
        if (modifiers.has(word)) return "modifier";
        if (control.has(word)) return "controlKeyword";
        if (operatorWords.has(word)) return "operatorKeyword";
        if (atoms.has(word)) return "bool";
        if (named.has(word)) return "keyword";
        return "variableName";
      }
      if (stream.match(operatorRx)) return "operator";
      const c = stream.next();
      if ("()[]{}".includes(c)) return "bracket";
      if (",;.".includes(c)) return "punctuation";
      return null;
    },
    languageData: {
      commentTokens: { line: "//", block: { open: "/*", close: "*/" } },
    },
  };
}

export const uppaalLanguage = StreamLanguage.define(mode(false));
export const queryLanguage = StreamLanguage.define(mode(true));
