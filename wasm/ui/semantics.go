// What a document means, as one fingerprint: what verdicts, traces and
// simulated paths are for.

package main

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"

	"beeline/core/edit"
)

// fingerprint hashes what the document says about the network: the
// declarations, each template's name, parameters, locations and edges
// with their labels, and the system. Coordinates, colours, comments and
// the queries are left out, so moving a location or editing a query
// keeps the verdicts and the trace shown; any other edit makes them the
// previous version's.
func fingerprint(d *edit.Doc) string {
	h := sha256.New()
	w := func(ss ...string) {
		for _, s := range ss {
			h.Write([]byte(s))
			h.Write([]byte{0})
		}
	}
	w(d.Declaration())
	for i := range d.Templates() {
		t := d.Template(i)
		w("template", t.Name(), t.Parameter(), t.Declaration())
		for _, l := range t.Locations() {
			w("location", l.ID, l.Name, l.Invariant, strconv.Itoa(int(l.Kind)), strconv.FormatBool(l.Initial))
		}
		for _, e := range t.Edges() {
			w("edge", e.Source, e.Target, e.Select, e.Guard, e.Sync, e.Update)
		}
	}
	w("system", d.System())
	return hex.EncodeToString(h.Sum(nil))
}
