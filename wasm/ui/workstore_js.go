//go:build js && wasm

// The working copy of the model being edited, kept in IndexedDB.

package main

import (
	"syscall/js"

	"beeline/core/protocol"
)

// workKey is the working copy's key: there is one, the model last edited
// in this browser profile, whichever tab edited it.
const workKey = "current"

// workCopy is the model as edited, as the page keeps it between visits.
type workCopy struct {
	Name       string
	Model      []byte
	QueryFiles []protocol.File
	// Query is the formula of the selected query ("" when none).
	Query string
	// Dirty is set while the copy holds edits not saved to a file.
	Dirty bool
	// Time is when it was kept, in milliseconds since 1970 (Date.now()).
	Time float64
}

// workStore keeps the working copy. get, put and remove block until
// IndexedDB answers (call them from goroutines); putNow does not.
type workStore struct {
	d *database
}

func openWorkStore() *workStore {
	return &workStore{d: pageDatabase()}
}

// get returns the working copy; nil when there is none.
func (s *workStore) get() (*workCopy, error) {
	rec, err := s.d.run([]string{idbWork}, "readonly", func(tx js.Value) js.Value {
		return tx.Call("objectStore", idbWork).Call("get", workKey)
	})
	if err != nil || !rec.Truthy() {
		return nil, err
	}
	return copyFromJS(rec), nil
}

// put keeps c as the working copy, replacing the one kept, and waits
// until it is written.
func (s *workStore) put(c *workCopy) error {
	_, err := s.d.run([]string{idbWork}, "readwrite", func(tx js.Value) js.Value {
		tx.Call("objectStore", idbWork).Call("put", c.toJS())
		return js.Null()
	})
	return err
}

// putNow starts writing c without waiting for it, for the page's last
// moments (pagehide), when no goroutine will run again: it does nothing
// when the database is not open yet.
func (s *workStore) putNow(c *workCopy) {
	select {
	case <-s.d.ready:
	default:
		return
	}
	if s.d.err != nil {
		return
	}
	if tx, err := transaction(s.d.db, []any{idbWork}, "readwrite"); err == nil {
		tx.Call("objectStore", idbWork).Call("put", c.toJS())
		// Commit now rather than when the task ends: the page may be
		// torn down first.
		if tx.Get("commit").Type() == js.TypeFunction {
			tx.Call("commit")
		}
	}
}

// remove drops the working copy.
func (s *workStore) remove() error {
	_, err := s.d.run([]string{idbWork}, "readwrite", func(tx js.Value) js.Value {
		tx.Call("objectStore", idbWork).Call("delete", workKey)
		return js.Null()
	})
	return err
}

func (c *workCopy) toJS() js.Value {
	files := make([]any, len(c.QueryFiles))
	for i, f := range c.QueryFiles {
		files[i] = map[string]any{"name": f.Name, "data": jsBytes(f.Data)}
	}
	return js.ValueOf(map[string]any{"key": workKey, "name": c.Name, "model": jsBytes(c.Model),
		"queryFiles": files, "query": c.Query, "dirty": c.Dirty, "time": c.Time})
}

// copyFromJS reads a stored record; a field of the wrong type (a record
// written by some other program) reads as empty.
func copyFromJS(rec js.Value) *workCopy {
	c := &workCopy{Name: jsString(rec.Get("name")), Query: jsString(rec.Get("query")),
		Dirty: rec.Get("dirty").Type() == js.TypeBoolean && rec.Get("dirty").Bool()}
	if m := rec.Get("model"); m.InstanceOf(uint8Array) {
		c.Model = goBytes(m)
	}
	if t := rec.Get("time"); t.Type() == js.TypeNumber {
		c.Time = t.Float()
	}
	if fs := rec.Get("queryFiles"); fs.InstanceOf(global.Get("Array")) {
		for i := range fs.Length() {
			f := fs.Index(i)
			if d := f.Get("data"); d.InstanceOf(uint8Array) {
				c.QueryFiles = append(c.QueryFiles, protocol.File{Name: jsString(f.Get("name")), Data: goBytes(d)})
			}
		}
	}
	return c
}

// jsString is v's string, or "" when v is not a string.
func jsString(v js.Value) string {
	if v.Type() != js.TypeString {
		return ""
	}
	return v.String()
}
