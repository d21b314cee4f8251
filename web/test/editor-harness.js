// The code editor harness's script (see editor.html).
"use strict";

const host = document.getElementById("host");
const log = [];
const harness = { editor: null, log, make };

// make replaces the harness's editor by a new one: the declarations' options
// with extra's on top, each callback recording itself in log.
function make(extra = {}) {
  if (harness.editor) harness.editor.destroy();
  const ed = BeelineEditor.create(host, {
    text: "// Fischer's protocol\nconst int N = 3;\nint id;\nclock x;\n",
    language: "uppaal",
    label: "Global declarations",
    lines: true,
    onChange(text) { log.push({ kind: "change", text }); },
    onUndo() { log.push({ kind: "undo", text: ed.getText() }); },
    onRedo() { log.push({ kind: "redo", text: ed.getText() }); },
    onEnter() { log.push({ kind: "enter", text: ed.getText() }); },
    ...extra,
  });
  harness.editor = ed;
  return ed;
}

make();
window.harness = harness;
