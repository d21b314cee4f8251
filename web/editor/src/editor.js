// window.BeelineEditor: the page's code editor, CodeMirror 6 with UPPAAL's
// languages, bundled by `go run ./web/editor/bundle` into web/build/editor.js.
//
//   const ed = BeelineEditor.create(parent, {
//     text, language: "uppaal" | "query", label, lines,
//     onChange(text), onUndo(), onRedo(),
//     singleLine, onEnter(), readOnly,          // optional
//     lazy,                                     // optional, see below
//   });
//   ed.getText(); ed.setText(text);
//   ed.setDiagnostics([{from, to, severity, message}]);
//   ed.focus(); ed.destroy();
//
// Offsets are UTF-16 code units into the text (JavaScript's string
// indices). The editor keeps no history of its own: Mod-z, Mod-Shift-z and
// Mod-y call onUndo and onRedo, and the page puts the text back with
// setText. Keys typed in the editor are its own: their keydown events do
// not reach the page's listeners (the simulator's letter keys, the page's
// undo), except an Escape the editor did not use.
//
// A lazy editor starts as a sketch: the text in the editor's frame, with
// the editing area's name and role, and no CodeMirror view. The view is
// made in a later task (a few per task, so that a page opening a model
// with many editors is never frozen for long), or at once when the
// sketch is focused or pressed, when the page focuses it, gives it
// diagnostics or asks for its view.

import { EditorState, Annotation, StateEffect, StateField, Prec, Transaction } from "@codemirror/state";
import {
  EditorView, Decoration, WidgetType, keymap, lineNumbers, highlightActiveLine,
  highlightActiveLineGutter, highlightSpecialChars, drawSelection,
} from "@codemirror/view";
import { HighlightStyle, syntaxHighlighting, bracketMatching, indentOnInput } from "@codemirror/language";
import { defaultKeymap } from "@codemirror/commands";
import { search, searchKeymap, highlightSelectionMatches } from "@codemirror/search";
import { setDiagnostics as lintDiagnostics, lintKeymap } from "@codemirror/lint";
import { tags as t } from "@lezer/highlight";
import { uppaalLanguage, queryLanguage } from "./uppaal.js";

// external marks the transactions setText makes, which fire no onChange.
const external = Annotation.define();

// The inline messages: one block widget under the line of each
// diagnostic's start, kept in a state field (block decorations cannot come
// from a view plugin) and mapped through edits until the page sets new ones.
const setMessages = StateEffect.define();

class MessageWidget extends WidgetType {
  constructor(severity, message) {
    super();
    this.severity = severity;
    this.message = message;
  }
  eq(o) { return o.severity === this.severity && o.message === this.message; }
  toDOM() {
    const div = document.createElement("div");
    div.className = "cm-beeline-message cm-beeline-message-" + this.severity;
    const sev = document.createElement("span");
    sev.className = "cm-beeline-severity";
    sev.textContent = this.severity + ": ";
    div.append(sev, this.message);
    return div;
  }
  ignoreEvent() { return false; }
}

const messageField = StateField.define({
  create() { return Decoration.none; },
  update(set, tr) {
    set = set.map(tr.changes);
    for (const e of tr.effects) if (e.is(setMessages)) set = e.value;
    return set;
  },
  provide: (f) => EditorView.decorations.from(f),
});

function messageDecorations(doc, diags) {
  const ranges = diags.map((d) => {
    const line = doc.lineAt(d.from);
    return Decoration.widget({
      widget: new MessageWidget(d.severity, d.message),
      block: true,
      side: 1,
    }).range(line.to);
  });
  return Decoration.set(ranges, true);
}

// cleanDiagnostics clamps the page's diagnostics to the text and drops
// malformed ones, so a stale or odd list never throws.
function cleanDiagnostics(doc, list) {
  const out = [];
  for (const d of Array.isArray(list) ? list : []) {
    if (!d || typeof d !== "object") continue;
    let from = Math.max(0, Math.min(doc.length, Number(d.from) | 0));
    let to = Math.max(from, Math.min(doc.length, Number(d.to) | 0));
    const severity = d.severity === "warning" ? "warning" : d.severity === "info" ? "info" : "error";
    out.push({ from, to, severity, message: String(d.message ?? "") });
  }
  out.sort((a, b) => a.from - b.from || a.to - b.to);
  return out;
}

// Colours come from the page's CSS variables (web/app.css), so the editor
// follows its light and dark themes; the fallbacks are the light theme's.
const theme = EditorView.theme({
  "&": {
    color: "var(--fg, #111111)",
    backgroundColor: "var(--bg, #ffffff)",
    border: "2px solid var(--line, #8a8a8a)",
    borderRadius: "6px",
    fontSize: "1rem",
    "--cm-keyword": "#8e24aa", "--cm-type": "#00695c", "--cm-number": "#a14d00",
    "--cm-string": "#2e7d32", "--cm-comment": "#5f6b76", "--cm-atom": "#0b57d0",
    "--cm-selection": "#b3d1ff", "--cm-active": "rgba(11, 87, 208, 0.06)",
    "--cm-bracket": "rgba(15, 123, 46, 0.22)",
  },
  "[data-theme=dark] &": {
    "--cm-keyword": "#e1a6f5", "--cm-type": "#7fdbca", "--cm-number": "#f5b26b",
    "--cm-string": "#a5d6a7", "--cm-comment": "#a3adb8", "--cm-atom": "#8ab4f8",
    "--cm-selection": "#2f4a73", "--cm-active": "rgba(138, 180, 248, 0.08)",
    "--cm-bracket": "rgba(95, 211, 122, 0.3)",
  },
  "&.cm-focused": { outline: "3px solid var(--accent, #0b57d0)", outlineOffset: "2px" },
  ".cm-scroller": { fontFamily: "ui-monospace, \"DejaVu Sans Mono\", Menlo, Consolas, monospace", lineHeight: "1.45" },
  ".cm-content": { caretColor: "var(--fg, #111111)", padding: "0.3rem 0" },
  ".cm-cursor, .cm-dropCursor": { borderLeftColor: "var(--fg, #111111)", borderLeftWidth: "2px" },
  "&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection":
    { backgroundColor: "var(--cm-selection)" },
  ".cm-activeLine": { backgroundColor: "var(--cm-active)" },
  ".cm-activeLineGutter": { backgroundColor: "var(--cm-active)", color: "var(--fg, #111111)" },
  ".cm-gutters": {
    backgroundColor: "var(--panel, #f3f4f6)", color: "var(--muted, #4a4a4a)",
    borderRight: "1px solid var(--line, #8a8a8a)", borderRadius: "4px 0 0 4px",
  },
  "&.cm-focused .cm-matchingBracket, .cm-matchingBracket": { backgroundColor: "var(--cm-bracket)", outline: "1px solid var(--ok, #0f7b2e)" },
  "&.cm-focused .cm-nonmatchingBracket, .cm-nonmatchingBracket": { backgroundColor: "transparent", outline: "2px solid var(--error, #c5221f)" },
  ".cm-searchMatch": { backgroundColor: "var(--mark, #ffd54f)", outline: "1px solid var(--line, #8a8a8a)" },
  ".cm-searchMatch.cm-searchMatch-selected": { outline: "2px solid var(--accent, #0b57d0)" },
  ".cm-selectionMatch": { backgroundColor: "var(--cm-active)" },
  ".cm-panels": { backgroundColor: "var(--panel, #f3f4f6)", color: "var(--fg, #111111)" },
  ".cm-panels.cm-panels-top": { borderBottom: "1px solid var(--line, #8a8a8a)" },
  ".cm-panels.cm-panels-bottom": { borderTop: "1px solid var(--line, #8a8a8a)" },
  ".cm-panel.cm-search": { fontSize: "0.9rem" },
  ".cm-panel.cm-search input, .cm-panel.cm-search button, .cm-panel.cm-search label": { fontSize: "0.9rem" },
  ".cm-tooltip": { backgroundColor: "var(--panel, #f3f4f6)", color: "var(--fg, #111111)", border: "1px solid var(--line, #8a8a8a)" },
  ".cm-beeline-message": {
    fontFamily: "system-ui, \"Segoe UI\", Roboto, \"DejaVu Sans\", sans-serif",
    fontSize: "0.9rem", padding: "0.1rem 0.6rem", margin: "0.1rem 0",
    borderLeft: "4px solid var(--error, #c5221f)", color: "var(--error, #c5221f)",
    whiteSpace: "pre-wrap",
  },
  ".cm-beeline-message-warning": { borderLeftColor: "var(--warn, #8a5300)", color: "var(--warn, #8a5300)" },
  ".cm-beeline-message-info": { borderLeftColor: "var(--line, #8a8a8a)", color: "var(--muted, #4a4a4a)" },
  ".cm-beeline-severity": { fontWeight: "600" },
});

const highlight = HighlightStyle.define([
  { tag: [t.keyword, t.controlKeyword, t.operatorKeyword, t.modifier], color: "var(--cm-keyword)", fontWeight: "600" },
  { tag: [t.typeName, t.standard(t.variableName)], color: "var(--cm-type)" },
  { tag: t.number, color: "var(--cm-number)" },
  { tag: t.string, color: "var(--cm-string)" },
  { tag: [t.bool, t.atom], color: "var(--cm-atom)" },
  { tag: [t.lineComment, t.blockComment, t.comment], color: "var(--cm-comment)", fontStyle: "italic" },
  { tag: t.invalid, color: "var(--error, #c5221f)" },
]);

function callback(f) {
  return typeof f === "function" ? f : () => {};
}

// create makes an editor in parent; see the file's head for the options.
function create(parent, options = {}) {
  if (!(parent instanceof Element)) throw new TypeError("BeelineEditor.create: parent must be an element");
  return options.lazy ? lazy(parent, options) : make(parent, options, String(options.text ?? ""));
}

// make makes a CodeMirror view with text in parent, or, with no parent,
// in place of the element instead.
function make(parent, options, text, instead) {
  const o = options;
  const onChange = callback(o.onChange), onUndo = callback(o.onUndo), onRedo = callback(o.onRedo);
  const onEnter = callback(o.onEnter);
  const run = (f) => () => { f(); return true; };

  // busy is true while the editor calls the page from inside an update;
  // the page's calls back (setText, setDiagnostics) then wait for its end.
  let busy = false;
  let view;
  const later = (f) => (busy ? queueMicrotask(f) : f());

  const extensions = [
    Prec.highest(keymap.of([
      { key: "Mod-z", run: run(onUndo), preventDefault: true },
      { key: "Mod-Shift-z", run: run(onRedo), preventDefault: true },
      { key: "Mod-y", run: run(onRedo), preventDefault: true },
      ...(o.singleLine ? [{ key: "Enter", run: run(onEnter), preventDefault: true }] : []),
    ])),
    // Undo and redo from a menu or the platform (input events, not keys).
    EditorView.domEventHandlers({
      beforeinput(e) {
        if (e.inputType === "historyUndo") { e.preventDefault(); onUndo(); return true; }
        if (e.inputType === "historyRedo") { e.preventDefault(); onRedo(); return true; }
        return false;
      },
    }),
    keymap.of([...searchKeymap, ...lintKeymap, ...defaultKeymap]),
    o.language === "query" ? queryLanguage : uppaalLanguage,
    syntaxHighlighting(highlight),
    bracketMatching(),
    indentOnInput(),
    highlightSpecialChars(),
    drawSelection(),
    highlightSelectionMatches(),
    search({ top: true }),
    messageField,
    theme,
    EditorState.tabSize.of(4),
    EditorView.contentAttributes.of({ "aria-label": String(o.label ?? "Code"), spellcheck: "false", autocapitalize: "off", autocorrect: "off" }),
    EditorView.updateListener.of((u) => {
      if (!u.docChanged || u.transactions.every((tr) => tr.annotation(external))) return;
      busy = true;
      try { onChange(u.state.doc.toString()); } finally { busy = false; }
    }),
  ];
  if (o.lines) extensions.push(lineNumbers(), highlightActiveLineGutter(), highlightActiveLine());
  if (o.singleLine) {
    // A one-line field: pasted or dropped newlines become spaces.
    extensions.push(EditorState.transactionFilter.of((tr) => {
      if (!tr.docChanged || tr.newDoc.lines === 1) return tr;
      const changes = [];
      tr.changes.iterChanges((from, to, _f, _t, inserted) => {
        changes.push({ from, to, insert: inserted.toString().replace(/\n/g, " ") });
      });
      // The same lengths: the transaction's selection still fits.
      const annotations = [];
      const ev = tr.annotation(Transaction.userEvent);
      if (ev) annotations.push(Transaction.userEvent.of(ev));
      if (tr.annotation(external)) annotations.push(external.of(true));
      return { changes, selection: tr.selection, effects: tr.effects, scrollIntoView: tr.scrollIntoView, annotations };
    }));
  }
  if (o.readOnly) extensions.push(EditorState.readOnly.of(true), EditorView.editable.of(false));

  view = new EditorView({
    parent,
    state: EditorState.create({ doc: text, extensions }),
  });
  if (instead) instead.replaceWith(view.dom);
  // Keys typed in the editor are its own (see the file's head).
  const keep = (e) => { if (e.key !== "Escape" || e.defaultPrevented) e.stopPropagation(); };
  view.dom.addEventListener("keydown", keep);

  return {
    getText() { return view.state.doc.toString(); },
    setText(text) {
      later(() => {
        text = String(text ?? "");
        const old = view.state.doc.toString();
        if (old === text) return;
        // Replace only what differs, so the selection stays where it was
        // in the text kept.
        let a = 0;
        const max = Math.min(old.length, text.length);
        while (a < max && old.charCodeAt(a) === text.charCodeAt(a)) a++;
        let b = 0;
        while (b < max - a && old.charCodeAt(old.length - 1 - b) === text.charCodeAt(text.length - 1 - b)) b++;
        view.dispatch({
          changes: { from: a, to: old.length - b, insert: text.slice(a, text.length - b) },
          annotations: [external.of(true)],
        });
      });
    },
    setDiagnostics(list) {
      later(() => {
        const doc = view.state.doc;
        const ds = cleanDiagnostics(doc, list);
        const spec = lintDiagnostics(view.state, ds);
        view.dispatch({ ...spec, effects: [...[].concat(spec.effects ?? []), setMessages.of(messageDecorations(doc, ds))] });
      });
    },
    focus() { view.focus(); },
    destroy() {
      view.dom.removeEventListener("keydown", keep);
      view.destroy();
    },
    // The CodeMirror view, for tests and for what this API does not cover.
    get view() { return view; },
  };
}

// warm makes and drops one view when the page has time, so that the
// first editor the page needs does not pay for CodeMirror's first run.
let warmed = false;

function warm() {
  if (warmed) return;
  warmed = true;
  make(null, { language: "uppaal" }, "int x = 1; // warm", null).destroy();
}

if (typeof requestIdleCallback === "function") {
  addEventListener("load", () => requestIdleCallback(warm, { timeout: 3000 }));
}

// The lazy editors whose views are still to be made, made in tasks of
// their own: as many as fit in a slice of a task's time.
const waiting = new Set();
let wakeQueued = false;

function queueWake() {
  if (wakeQueued) return;
  wakeQueued = true;
  setTimeout(() => {
    wakeQueued = false;
    const end = performance.now() + 20;
    for (const w of waiting) {
      w();
      if (performance.now() > end) break;
    }
    if (waiting.size > 0) queueWake();
  }, 0);
}

// sketchLines writes text into content as the view's lines.
function sketchLines(content, text) {
  content.replaceChildren(...text.split("\n").map((l) => {
    const line = document.createElement("div");
    line.className = "cm-line";
    if (l === "") line.append(document.createElement("br"));
    else line.textContent = l;
    return line;
  }));
}

// lazy makes an editor that is a sketch until its view is needed (see the
// file's head); its API is the same.
function lazy(parent, options) {
  let text = String(options.text ?? "");
  let diags = null;
  let real = null;
  const dom = document.createElement("div");
  dom.className = "cm-sketch";
  const scroller = document.createElement("div");
  scroller.className = "cm-scroller";
  const content = document.createElement("div");
  content.className = "cm-content";
  content.setAttribute("role", "textbox");
  content.setAttribute("tabindex", "0");
  content.setAttribute("aria-label", String(options.label ?? "Code"));
  if (!options.singleLine) content.setAttribute("aria-multiline", "true");
  if (options.readOnly) content.setAttribute("aria-readonly", "true");
  sketchLines(content, text);
  scroller.append(content);
  dom.append(scroller);
  parent.appendChild(dom);

  const wake = () => {
    if (real) return real;
    waiting.delete(wake);
    const focused = dom.contains(document.activeElement);
    warmed = true;
    real = make(null, options, text, dom);
    if (diags) real.setDiagnostics(diags);
    if (focused) real.focus();
    return real;
  };
  // A press on the sketch lands in the view, where it was aimed.
  dom.addEventListener("mousedown", (e) => {
    const v = wake().view;
    e.preventDefault();
    const pos = v.posAtCoords({ x: e.clientX, y: e.clientY });
    v.focus();
    if (pos !== null) v.dispatch({ selection: { anchor: pos } });
  });
  dom.addEventListener("focusin", () => wake());
  waiting.add(wake);
  queueWake();

  return {
    getText() { return real ? real.getText() : text; },
    setText(t) {
      if (real) return real.setText(t);
      t = String(t ?? "");
      if (t !== text) { text = t; sketchLines(content, text); }
    },
    setDiagnostics(list) {
      if (real) return real.setDiagnostics(list);
      diags = list;
      if (Array.isArray(list) && list.length > 0) wake();
    },
    focus() { wake().focus(); },
    destroy() {
      waiting.delete(wake);
      if (real) real.destroy();
      else dom.remove();
    },
    get view() { return wake().view; },
  };
}

window.BeelineEditor = Object.freeze({ create });
