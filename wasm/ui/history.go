// The workbench's one undo/redo history: snapshots of the document's
// bytes, each with the label of the edit that left it.

package main

import "time"

// mergeWindow is how close in time two text edits of the same part must
// be to make one undo step, as editors merge a burst of typing.
const mergeWindow = time.Second

// maxSteps caps the history; the oldest steps go first. A step is the
// document's bytes (tens of KiB for the largest models seen), so a few
// hundred stay well under the page's memory.
const maxSteps = 300

// snapshot is the document's bytes before an edit, with the edit's
// label ("Edit declarations"). part names the text part a text edit
// changed ("" for any other edit), and at is when it last did.
type snapshot struct {
	label string
	data  []byte
	part  string
	at    time.Time
}

// history holds the states to go back to (past, newest last) and those
// undone (future, newest last). sealed stops the next text edit from
// merging into the step before it: an undo or redo ends a burst.
type history struct {
	past, future []snapshot
	sealed       bool
}

// record stores before, the state an edit changed, as one step. A text
// edit (part != "") of the same part as the last step, within
// mergeWindow of it, is merged into that step: nothing is stored, and
// undo goes back past both. record reports whether it stored a step.
// Any edit empties the future.
func (h *history) record(before []byte, label, part string, now time.Time) bool {
	h.future = h.future[:0]
	if n := len(h.past); n > 0 && !h.sealed && part != "" {
		last := &h.past[n-1]
		if last.part == part && now.Sub(last.at) < mergeWindow {
			last.at = now
			return false
		}
	}
	h.sealed = false
	h.past = append(h.past, snapshot{label: label, data: before, part: part, at: now})
	if len(h.past) > maxSteps {
		h.past = append(h.past[:0], h.past[len(h.past)-maxSteps:]...)
	}
	return true
}

// undo returns the state before the last step and keeps cur, the state
// now, to redo; ok is false when there is nothing to undo.
func (h *history) undo(cur []byte) (data []byte, ok bool) {
	n := len(h.past)
	if n == 0 {
		return nil, false
	}
	s := h.past[n-1]
	h.past = h.past[:n-1]
	h.future = append(h.future, snapshot{label: s.label, data: cur})
	h.sealed = true
	return s.data, true
}

// redo returns the state the last undo left and keeps cur to undo
// again; ok is false when there is nothing to redo.
func (h *history) redo(cur []byte) (data []byte, ok bool) {
	n := len(h.future)
	if n == 0 {
		return nil, false
	}
	s := h.future[n-1]
	h.future = h.future[:n-1]
	h.past = append(h.past, snapshot{label: s.label, data: cur})
	h.sealed = true
	return s.data, true
}

// undoLabel and redoLabel name the step undo and redo would take, ""
// when there is none.
func (h *history) undoLabel() string {
	if len(h.past) == 0 {
		return ""
	}
	return h.past[len(h.past)-1].label
}

func (h *history) redoLabel() string {
	if len(h.future) == 0 {
		return ""
	}
	return h.future[len(h.future)-1].label
}

// reset forgets every step: a model freshly opened has no history.
func (h *history) reset() {
	*h = history{}
}
