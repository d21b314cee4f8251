//go:build js && wasm

// The cache of precomputed tables in the browser's IndexedDB.

package main

import (
	"errors"
	"sync"
	"syscall/js"
)

// The database: the table bytes in one store, what they are in another,
// so that listing the cache (its sizes) reads no table; and the working
// copy of the model being edited in a third (work_js.go).
const (
	idbName = "beeline"
	// idbVersion 2 added the working copy's store; the upgrade from 1
	// keeps the table cache.
	idbVersion   = 2
	idbTables    = "tables"     // {key, data: Uint8Array}
	idbTableInfo = "table-info" // {key, size, info, model, formula, heuristic, made}
	// idbWork holds {key: "current", name, model: Uint8Array,
	// queryFiles, query, dirty, time}.
	idbWork = "work"
)

// idbStores are the database's object stores, all keyed by "key".
var idbStores = []string{idbTables, idbTableInfo, idbWork}

// database is one connection to the page's IndexedDB database, opened in
// the background: its methods wait for it. Without IndexedDB (some
// private modes) err says so once ready is closed.
type database struct {
	db    js.Value
	ready chan struct{}
	err   error
}

// pageDatabase is the page's one connection, which every store shares:
// an open blocked by an older tab is then reported to all of them at
// once, where a second open would queue behind the first and never be
// answered until that tab lets go.
var pageDatabase = sync.OnceValue(openDatabase)

// openDatabase opens (or creates, or upgrades) the database in the
// background. An upgrade creates the stores that are missing and leaves
// the others, with what they hold, alone.
func openDatabase() *database {
	d := &database{ready: make(chan struct{})}
	go func() {
		defer close(d.ready)
		idb := global.Get("indexedDB")
		if !idb.Truthy() {
			d.err = errors.New("this browser offers no IndexedDB")
			return
		}
		d.db, d.err = openIDB(idb)
		if d.err == nil {
			// A newer page (in another tab) upgrading the database
			// waits until every connection to the old version closes:
			// this one gives way. Its later transactions then fail, and
			// the page goes on without the cache.
			d.db.Set("onversionchange", js.FuncOf(func(js.Value, []js.Value) any {
				d.db.Call("close")
				return nil
			}))
		}
	}()
	return d
}

// openIDB opens the database, creating the stores that are missing when
// it is created or upgraded. An older page in another tab that holds the
// database open (pages before version 2 do not give way) blocks the
// upgrade: openIDB then returns an error at once, and the connection
// that opens once that tab is gone is closed, its upgrade done.
func openIDB(idb js.Value) (js.Value, error) {
	req := idb.Call("open", idbName, idbVersion)
	type outcome struct {
		db  js.Value
		err error
	}
	ch := make(chan outcome, 1)
	gaveUp := false
	var funcs []js.Func
	events := []string{"onupgradeneeded", "onsuccess", "onerror", "onblocked"}
	release := func() {
		for _, e := range events {
			req.Set(e, js.Null())
		}
		for _, f := range funcs {
			f.Release()
		}
	}
	handlers := []func(){
		func() { // onupgradeneeded
			db := req.Get("result")
			for _, name := range idbStores {
				if !db.Get("objectStoreNames").Call("contains", name).Bool() {
					db.Call("createObjectStore", name, map[string]any{"keyPath": "key"})
				}
			}
		},
		func() { // onsuccess
			if gaveUp {
				req.Get("result").Call("close")
			} else {
				ch <- outcome{db: req.Get("result")}
			}
			release()
		},
		func() { // onerror
			if !gaveUp {
				ch <- outcome{err: idbError(req)}
			}
			release()
		},
		func() { // onblocked
			if !gaveUp {
				gaveUp = true
				ch <- outcome{err: errors.New("a Beeline page of an older version, open in another tab, holds the browser's database: close that tab and reload")}
			}
		},
	}
	for i, e := range events {
		f := handlers[i]
		fn := js.FuncOf(func(js.Value, []js.Value) any { f(); return nil })
		funcs = append(funcs, fn)
		req.Set(e, fn)
	}
	o := <-ch
	return o.db, o.err
}

// run runs op in a transaction over stores and waits until the
// transaction completes (so a write is on disk when it returns); it
// returns the result of the request op made, if any.
func (d *database) run(stores []string, mode string, op func(tx js.Value) js.Value) (js.Value, error) {
	<-d.ready
	if d.err != nil {
		return js.Undefined(), d.err
	}
	names := make([]any, len(stores))
	for i, s := range stores {
		names[i] = s
	}
	tx, err := transaction(d.db, names, mode)
	if err != nil {
		return js.Undefined(), err
	}
	req := op(tx)
	return idbWait(tx, "oncomplete", req)
}

// transaction starts a transaction; a closed connection throws, which
// becomes an error.
func transaction(db js.Value, names []any, mode string) (tx js.Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = errors.New("IndexedDB refused a transaction (the database was closed)")
		}
	}()
	return db.Call("transaction", names, mode), nil
}

// tableInfo describes one cached table.
type tableInfo struct {
	Key                             string
	Size                            int64
	Info, Model, Formula, Heuristic string
}

// tableStore is the page's cache of tables. Its methods block until
// IndexedDB answers: call them from goroutines, never from an event
// handler's own. Without IndexedDB (some private modes) every method
// returns the error that says so, and the page computes tables afresh.
type tableStore struct {
	d *database
}

// openTableStore opens (or creates) the database in the background.
func openTableStore() *tableStore {
	return &tableStore{d: pageDatabase()}
}

// idbWait waits for target's done event (or its onerror, onabort), and
// returns req's result; errors come from target's error property.
func idbWait(target js.Value, done string, req js.Value) (js.Value, error) {
	ch := make(chan error, 1)
	settle := func(err error) {
		select { // error and abort both fire on a failed transaction
		case ch <- err:
		default:
		}
	}
	ok := js.FuncOf(func(js.Value, []js.Value) any { settle(nil); return nil })
	fail := js.FuncOf(func(js.Value, []js.Value) any { settle(idbError(target)); return nil })
	defer ok.Release()
	defer fail.Release()
	target.Set(done, ok)
	target.Set("onerror", fail)
	target.Set("onabort", fail)
	if err := <-ch; err != nil {
		return js.Undefined(), err
	}
	if !req.Truthy() {
		return js.Undefined(), nil
	}
	return req.Get("result"), nil
}

func idbError(target js.Value) error {
	if e := target.Get("error"); e.Truthy() {
		return errors.New(e.Get("name").String() + ": " + e.Get("message").String())
	}
	return errors.New("IndexedDB failed")
}

// run runs op in a transaction over both of the cache's stores (see
// database.run).
func (s *tableStore) run(mode string, op func(tables, infos js.Value) js.Value) (js.Value, error) {
	return s.d.run([]string{idbTables, idbTableInfo}, mode, func(tx js.Value) js.Value {
		return op(tx.Call("objectStore", idbTables), tx.Call("objectStore", idbTableInfo))
	})
}

// get returns the table cached under key; nil when there is none.
func (s *tableStore) get(key string) ([]byte, error) {
	rec, err := s.run("readonly", func(tables, _ js.Value) js.Value { return tables.Call("get", key) })
	if err != nil || !rec.Truthy() {
		return nil, err
	}
	return goBytes(rec.Get("data")), nil
}

// put caches a table.
func (s *tableStore) put(info tableInfo, data []byte) error {
	_, err := s.run("readwrite", func(tables, infos js.Value) js.Value {
		tables.Call("put", map[string]any{"key": info.Key, "data": jsBytes(data)})
		infos.Call("put", map[string]any{"key": info.Key, "size": info.Size, "info": info.Info, "model": info.Model,
			"formula": info.Formula, "heuristic": info.Heuristic, "made": global.Get("Date").Call("now")})
		return js.Null()
	})
	return err
}

// remove drops the table cached under key.
func (s *tableStore) remove(key string) error {
	_, err := s.run("readwrite", func(tables, infos js.Value) js.Value {
		tables.Call("delete", key)
		infos.Call("delete", key)
		return js.Null()
	})
	return err
}

// clear drops every cached table.
func (s *tableStore) clear() error {
	_, err := s.run("readwrite", func(tables, infos js.Value) js.Value {
		tables.Call("clear")
		infos.Call("clear")
		return js.Null()
	})
	return err
}

// list describes every cached table, without reading the tables.
func (s *tableStore) list() ([]tableInfo, error) {
	all, err := s.run("readonly", func(_, infos js.Value) js.Value { return infos.Call("getAll") })
	if err != nil || !all.Truthy() {
		return nil, err
	}
	out := make([]tableInfo, all.Length())
	for i := range out {
		r := all.Index(i)
		out[i] = tableInfo{Key: r.Get("key").String(), Size: int64(r.Get("size").Float()), Info: r.Get("info").String(),
			Model: r.Get("model").String(), Formula: r.Get("formula").String(), Heuristic: r.Get("heuristic").String()}
	}
	return out, nil
}
