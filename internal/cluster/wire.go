//go:build !js

// The messages of a run: subjects, the job, reports, steps, and batches
// as bytes.

package cluster

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"time"

	"beeline/core/dbm"
	"beeline/core/job"
	"beeline/core/search"
)

// WorkersSubject is where idle workers wait to be recruited.
const WorkersSubject = "beeline.workers"

// Timing says how often the members of a run beat and when one that
// stopped beating is lost. The zero value means the defaults.
type Timing struct {
	// Heartbeat is the interval between beats (0: 1 s).
	Heartbeat time.Duration
	// Lost is how long a member may be silent before the run ends
	// without it (0: 5 s). It bounds a step request of the trace too.
	Lost time.Duration
}

// orDefault fills in the defaults.
func (t Timing) orDefault() Timing {
	if t.Heartbeat <= 0 {
		t.Heartbeat = time.Second
	}
	if t.Lost <= 0 {
		t.Lost = 5 * time.Second
	}
	return t
}

// Job is what every worker of a run searches: a model with its query
// files, one query of them, and the options of the check that matter to
// the search (those of the coordinator's verify.Options.Distribute hook
// come with each run).
type Job struct {
	Model      job.File
	QueryFiles []job.File
	// Query is the number of the query among the model's and its query
	// files' (job.Model.Queries); Formula, when not empty, is a formula
	// to check instead.
	Query   int
	Formula string
	// NoSymmetry, StoreCommitted and Timeout are verify.Options'.
	NoSymmetry     bool
	StoreCommitted bool
	Timeout        time.Duration
}

// searchOptions are the scalar fields of the search.Options that a run
// searches with (the functions stay with the coordinator).
type searchOptions struct {
	Order                     search.Order
	Seed                      uint64
	MaxStates, MaxMemory      int64
	Timeout                   time.Duration
	Trace, PassTransient      bool
	CoverRequiresSmallerDepth bool
}

func scalars(so search.Options) searchOptions {
	return searchOptions{Order: so.Order, Seed: so.Seed, MaxStates: so.MaxStates, MaxMemory: so.MaxMemory,
		Timeout: so.Timeout, Trace: so.Trace, PassTransient: so.PassTransient, CoverRequiresSmallerDepth: so.CoverRequiresSmallerDepth}
}

func (o searchOptions) options() search.Options {
	return search.Options{Order: o.Order, Seed: o.Seed, MaxStates: o.MaxStates, MaxMemory: o.MaxMemory,
		Timeout: o.Timeout, Trace: o.Trace, PassTransient: o.PassTransient, CoverRequiresSmallerDepth: o.CoverRequiresSmallerDepth}
}

// assignment is the message that hands a worker its part of a run.
type assignment struct {
	Run     string
	Me      int
	Workers int
	Job     Job
	Search  searchOptions
	Timing  Timing
}

// reportMsg is a worker's report at a barrier, or the merged one
// (From −1); Phase counts the barriers from 1.
type reportMsg struct {
	From   int           `json:"from"`
	Phase  int           `json:"phase"`
	Report search.Report `json:"report"`
}

// doneMsg is a worker's outcome of the run: the result every worker
// reaches (search.Partition.Result, no trace), or why it has none.
type doneMsg struct {
	From   int            `json:"from"`
	Result *search.Result `json:"result,omitempty"`
	Err    string         `json:"err,omitempty"`
}

// stepMsg answers a request for a stored state (search.Partition.Step).
type stepMsg struct {
	OK       bool    `json:"ok"`
	Parent   int32   `json:"parent"`
	Label    []int32 `json:"label,omitempty"`
	Discrete []int32 `json:"discrete"`
	Zone     []int32 `json:"zone"` // the DBM's raw bounds, row-major
}

// toStep rebuilds the search.Step of m.
func (m *stepMsg) toStep() (search.Step, error) {
	dim := 0
	for dim*dim < len(m.Zone) {
		dim++
	}
	if dim == 0 || dim*dim != len(m.Zone) {
		return search.Step{}, fmt.Errorf("a zone of %d bounds is not square", len(m.Zone))
	}
	z := dbm.New(dim)
	for i, b := range m.Zone {
		z.Raw()[i] = dbm.Bound(b)
	}
	return search.Step{Label: m.Label, Discrete: m.Discrete, Zone: z}, nil
}

// fromStep is the stepMsg of a stored state.
func fromStep(parent int32, st search.Step) stepMsg {
	m := stepMsg{OK: true, Parent: parent, Label: st.Label, Discrete: st.Discrete}
	for _, b := range st.Zone.Raw() {
		m.Zone = append(m.Zone, int32(b))
	}
	return m
}

// subject names a subject of run id: "beeline.run.ID.what".
func subject(id, what string) string { return "beeline.run." + id + "." + what }

// batchSubject is the subject of worker w's batches.
func batchSubject(id string, w int) string { return subject(id, "w.batch."+strconv.Itoa(w)) }

// stepSubject is the subject of the step requests to worker w.
func stepSubject(id string, w int) string { return subject(id, "w.step."+strconv.Itoa(w)) }

// encodeBatch writes a batch as little-endian int32 words.
func encodeBatch(b []int32) []byte {
	out := make([]byte, 4*len(b))
	for i, x := range b {
		binary.LittleEndian.PutUint32(out[4*i:], uint32(x))
	}
	return out
}

// decodeBatch reads a batch written by encodeBatch.
func decodeBatch(p []byte) ([]int32, error) {
	if len(p)%4 != 0 {
		return nil, fmt.Errorf("a batch of %d bytes is not whole int32 words", len(p))
	}
	b := make([]int32, len(p)/4)
	for i := range b {
		b[i] = int32(binary.LittleEndian.Uint32(p[4*i:]))
	}
	return b, nil
}
