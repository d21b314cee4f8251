// Messages between the page, the worker, the server and the CLI.

package protocol

import "beeline/core/source"

// Version tags every request and share link; bump it when a message
// changes incompatibly.
const Version = 1

// Request is what the page sends to the engine (POST /check, /parse or
// /prepare, body msgpack-encoded). A request is a whole job: the engine
// answers with a stream of Frames and then closes the stream.
//
// /prepare precomputes the table of Options.Heuristic for exactly one
// query and answers with FrameProgress frames (Phase "precomputing") and
// a FrameTable; a /check of that one query with the same heuristic then
// sends the table's Data back in Table instead of precomputing again.
type Request struct {
	Version VersionNumber `msgpack:"v"`
	// Model is the model file's bytes and Name its file name (the
	// extension picks nothing: the content decides XML or xta).
	Name  string `msgpack:"name"`
	Model []byte `msgpack:"model"`
	// QueryFiles are .q files given with the model, in order.
	QueryFiles []File `msgpack:"qfiles,omitempty"`
	// Queries picks queries by index (model's own first, then the .q
	// files'); Formulas adds formulas typed by the user. With neither,
	// /check checks every query.
	Queries  []int    `msgpack:"queries,omitempty"`
	Formulas []string `msgpack:"formulas,omitempty"`
	Options  Options  `msgpack:"options"`
	// Table is a precomputed table of Options.Heuristic (a FrameTable's
	// Data) for a /check of exactly one query: the engine loads it instead
	// of precomputing, and refuses with a FrameError a table made for
	// another model, query or heuristic option.
	Table []byte `msgpack:"table,omitempty"`
	// Sim is the path of a /simulate request.
	Sim *SimRequest `msgpack:"sim,omitempty"`
}

// SimRequest asks the simulator (POST /simulate) for the state reached by
// a path from the initial state and the transitions enabled there. The
// engine keeps nothing between requests: each one carries the whole path
// and replays it.
type SimRequest struct {
	// Concrete picks UPPAAL 5's concrete simulator: every step gives its
	// delay, and the transitions offered are those the current clock
	// valuation can take after some delay. Otherwise states are zones.
	Concrete bool      `msgpack:"concrete,omitempty"`
	Steps    []SimStep `msgpack:"steps,omitempty"`
	// Random asks for up to Random more steps after Steps, each chosen
	// uniformly among the enabled transitions (with Options.Seed), in
	// concrete mode after a delay drawn among those that allow it.
	Random int `msgpack:"random,omitempty"`
}

// SimStep is one step of a simulated path: its transition and, in
// concrete mode, the delay before it, Delay/Den time units.
type SimStep struct {
	Edges []TraceEdge `msgpack:"edges"`
	Delay int64       `msgpack:"delay,omitempty"`
	Den   int64       `msgpack:"den,omitempty"`
}

// Simulation answers a /simulate request (FrameSim).
type Simulation struct {
	// Trace is the path, with a zone and clock values per state: the
	// concrete simulator's own values, or the symbolic one's least
	// delays along the path.
	Trace *Trace `msgpack:"trace"`
	// Enabled are the transitions of the last state.
	Enabled []SimChoice `msgpack:"enabled"`
	// Wait is, in concrete mode, the delays the last state allows.
	Wait *Interval `msgpack:"wait,omitempty"`
	// Error is why the path stops short: a step that could not be taken
	// (the path then holds the steps before it), or a run-time error of
	// the model met in the last state.
	Error string `msgpack:"error,omitempty"`
}

// SimChoice is a transition the simulator offers; When is, in concrete
// mode, the delays after which it can be taken.
type SimChoice struct {
	Edges []TraceEdge `msgpack:"edges"`
	When  *Interval   `msgpack:"when,omitempty"`
}

// Interval is a set of delays from Lo to Hi, numerators over Den; an end
// is excluded when strict, and Hi means nothing when HiInf.
type Interval struct {
	Lo       int64 `msgpack:"lo"`
	Hi       int64 `msgpack:"hi"`
	Den      int64 `msgpack:"den"`
	LoStrict bool  `msgpack:"los,omitempty"`
	HiStrict bool  `msgpack:"his,omitempty"`
	HiInf    bool  `msgpack:"inf,omitempty"`
}

// File is a named file's bytes.
type File struct {
	Name string `msgpack:"name"`
	Data []byte `msgpack:"data"`
}

// Options mirror the verifier's options in UPPAAL's words. Order,
// Heuristic, Trace and Symmetry name entries of the engine's Catalog; the
// zero value of each leaves the verifier's default (breadth-first search,
// no heuristic, no trace, symmetry reduction on).
type Options struct {
	Order     Order     `msgpack:"order"`
	Heuristic Heuristic `msgpack:"heuristic"`
	Trace     TraceMode `msgpack:"trace"`
	Symmetry  Symmetry  `msgpack:"symmetry,omitempty"`
	Seed      uint64    `msgpack:"seed"`
	MaxStates int64     `msgpack:"max_states"`
	MaxMemory int64     `msgpack:"max_memory"` // bytes
	TimeoutMS int64     `msgpack:"timeout_ms"`
	// MaxTable is the budget in bytes of a heuristic's table while
	// /prepare computes it (0: the engine's default); a table that
	// outgrows it stops the precomputation with a FrameError.
	MaxTable int64 `msgpack:"max_table,omitempty"`
	// Workers is the number of workers one breadth- or depth-first
	// search without a heuristic is split between (0 and 1: one): the
	// page's Web Workers, when the engine serving the request was given
	// a way to reach them (engine.Options.Distribute). Other searches,
	// and an engine without one, ignore it.
	Workers int `msgpack:"workers,omitempty"`
}

// FrameKind says what a Frame carries.
type FrameKind uint8

const (
	FrameModel    FrameKind = iota + 1 // the loaded model: Model is set
	FrameProgress                      // live statistics: Progress is set
	FrameResult                        // one query decided: Result is set
	FrameError                         // the job failed: Diagnostics and/or Message
	FrameDone                          // the job ended; nothing follows
	FrameCatalog                       // what the engine offers: Catalog is set
	FrameTable                         // a precomputed heuristic table: Table is set
	FrameSim                           // a simulated path: Sim is set
)

// Frame is one message from the engine. On the wire each frame is a
// 4-byte big-endian length followed by that many bytes of msgpack.
type Frame struct {
	Kind        FrameKind    `msgpack:"k"`
	Model       *Model       `msgpack:"model,omitempty"`
	Progress    *Progress    `msgpack:"progress,omitempty"`
	Result      *Result      `msgpack:"result,omitempty"`
	Catalog     *Catalog     `msgpack:"catalog,omitempty"`
	Table       *Table       `msgpack:"table,omitempty"`
	Sim         *Simulation  `msgpack:"sim,omitempty"`
	Diagnostics []Diagnostic `msgpack:"diags,omitempty"`
	Message     string       `msgpack:"msg,omitempty"`
}

// Diagnostic is a source.Diagnostic with its positions resolved.
type Diagnostic struct {
	Severity string          `msgpack:"severity"` // "error" or "warning"
	Pos      source.Position `msgpack:"pos"`
	End      source.Position `msgpack:"end"`
	Context  string          `msgpack:"context,omitempty"`
	// Query is the index of the query whose formula the diagnostic is
	// about; nil when it is about none.
	Query   *int   `msgpack:"query,omitempty"`
	Message string `msgpack:"msg"`
	// Template, Location and Edge pin the diagnostic on the drawing when
	// it belongs to one (template name, location id, edge index within the
	// template's edges in document order; -1 when none).
	Template string `msgpack:"template,omitempty"`
	Location string `msgpack:"location,omitempty"`
	Edge     int    `msgpack:"edge"`
}

// Model describes a loaded model for the page: what to draw and what to
// list. Templates carry the document's layout.
type Model struct {
	Hash      string     `msgpack:"hash"` // hex SHA-256 of the model bytes
	Format    string     `msgpack:"format"`
	Templates []Template `msgpack:"templates"`
	Processes []Process  `msgpack:"processes"`
	Clocks    []string   `msgpack:"clocks"` // without the reference clock
	Variables []string   `msgpack:"vars"`
	Queries   []Query    `msgpack:"queries"`
	// Warnings are the diagnostics that do not stop the job: warnings, and
	// errors of single queries (whose Query says so too).
	Warnings []Diagnostic `msgpack:"warnings,omitempty"`
}

// Template is one automaton as drawn.
type Template struct {
	Name       string     `msgpack:"name"`
	Parameters string     `msgpack:"params,omitempty"`
	Locations  []Location `msgpack:"locations"`
	Edges      []Edge     `msgpack:"edges"`
	Init       string     `msgpack:"init"`
	HasLayout  bool       `msgpack:"has_layout"` // false: the page lays it out itself
}

// Point is a drawing coordinate; Set is false when the document gives none.
type Point struct {
	X   int  `msgpack:"x"`
	Y   int  `msgpack:"y"`
	Set bool `msgpack:"set"`
}

// Location is a location as drawn.
type Location struct {
	ID        string `msgpack:"id"`
	Name      string `msgpack:"name,omitempty"`
	At        Point  `msgpack:"at"`
	NameAt    Point  `msgpack:"name_at"`
	Invariant string `msgpack:"inv,omitempty"`
	InvAt     Point  `msgpack:"inv_at"`
	Urgent    bool   `msgpack:"urgent,omitempty"`
	Committed bool   `msgpack:"committed,omitempty"`
	Color     string `msgpack:"color,omitempty"`
}

// Edge is an edge as drawn, with its labels.
type Edge struct {
	ID     string  `msgpack:"id,omitempty"`
	Source string  `msgpack:"src"`
	Target string  `msgpack:"dst"`
	Nails  []Point `msgpack:"nails,omitempty"`
	Labels []Label `msgpack:"labels,omitempty"`
	Color  string  `msgpack:"color,omitempty"`
}

// Label is one edge label: Kind is "select", "guard", "synchronisation" or
// "assignment".
type Label struct {
	Kind string `msgpack:"kind"`
	Text string `msgpack:"text"`
	At   Point  `msgpack:"at"`
}

// Process is one process of the system and where it comes from.
type Process struct {
	Name     string `msgpack:"name"`
	Template string `msgpack:"template"`
	// Locations maps the network's location index to the template's
	// location ID; Edges maps the network's edge index to the template's
	// edge index (document order).
	Locations []string `msgpack:"locations"`
	Edges     []int    `msgpack:"edges"`
}

// Query is one query of the model or its query files.
type Query struct {
	Index     int    `msgpack:"index"`
	Formula   string `msgpack:"formula"`
	Comment   string `msgpack:"comment,omitempty"`
	Supported bool   `msgpack:"supported"`
	Why       string `msgpack:"why,omitempty"` // why it is not supported
}

// Progress is a live snapshot of a job. Phase is "searching" during a
// search, with the search's counts, and "precomputing" during /prepare,
// with the heuristic's: Step, Pattern, Abstract, Layers and TableBytes
// (each zero when the heuristic does not say).
type Progress struct {
	Phase     string  `msgpack:"phase"`
	Query     int     `msgpack:"query"`
	Explored  int64   `msgpack:"explored"`
	Stored    int64   `msgpack:"stored"`
	Pruned    int64   `msgpack:"pruned"`
	Rate      float64 `msgpack:"rate"`
	ElapsedMS int64   `msgpack:"elapsed_ms"`
	// MemBytes is the memory the engine holds from the system
	// (runtime.MemStats.Sys; on wasm about the linear memory's size).
	MemBytes int64 `msgpack:"mem_bytes"`

	// Step is what the precomputation does, in the heuristic's words
	// ("selecting", "trial", "exploring", "distances"); Pattern the
	// pattern being tried or built ("procs 7/20, vars 0/1, clocks
	// 0/20"); Abstract the abstract states so far; Layers the distance
	// layers so far; TableBytes the table's memory so far.
	Step       string `msgpack:"step,omitempty"`
	Pattern    string `msgpack:"pattern,omitempty"`
	Abstract   int64  `msgpack:"abstract,omitempty"`
	Layers     int    `msgpack:"layers,omitempty"`
	TableBytes int64  `msgpack:"table_bytes,omitempty"`

	// Estimate is, when HasEstimate, the smallest estimate of the
	// heuristic over the states stored so far: how near the search has
	// come to its target, in transitions.
	Estimate    int32 `msgpack:"estimate,omitempty"`
	HasEstimate bool  `msgpack:"has_estimate,omitempty"`
	// Member is, in a portfolio's race (the auto order), the index of
	// the member whose progress this is, plus one; 0 otherwise.
	Member int `msgpack:"member,omitempty"`
}

// Table is a heuristic's precomputed table for one query, as /prepare
// sends it: the bytes to send back in Request.Table, their Size, and
// what they were made for. The bytes are the heuristic's own encoding
// (core/heuristic's Table), which records the model, the query and the
// options; the engine refuses them for anything else.
type Table struct {
	Query     int       `msgpack:"query"`
	Heuristic Heuristic `msgpack:"heuristic"`
	// Info describes the heuristic with its table ("pdb (admissible,
	// consistent, pattern=procs 4/4, ..., states=752)").
	Info    string  `msgpack:"info"`
	Size    int64   `msgpack:"size"`
	Seconds float64 `msgpack:"seconds"` // time of the precomputation
	Data    []byte  `msgpack:"data"`
}

// Verdict is a query's verdict as the page, the server and the command
// line say it. On the wire, in share links, in stored traces and in the
// command line's JSON it is the word itself, so a Verdict encodes as the
// plain string it was before it had a type.
type Verdict string

// The verdicts: the verifier's three (core/verify's Verdict) and
// VerdictError for a query the verifier could not decide at all.
const (
	VerdictSatisfied    Verdict = "satisfied"
	VerdictNotSatisfied Verdict = "not satisfied"
	// VerdictUnknown: a budget or a cancellation stopped the search, the
	// query kind is not supported yet, or the model failed at run time;
	// Result.Reason says which.
	VerdictUnknown Verdict = "unknown"
	// VerdictError: the formula has errors, or the verifier failed.
	VerdictError Verdict = "error"
)

// Decided reports whether v says whether the property holds: satisfied
// or not satisfied.
func (v Verdict) Decided() bool { return v == VerdictSatisfied || v == VerdictNotSatisfied }

// String returns the word.
func (v Verdict) String() string { return string(v) }

// Result is the verdict on one query.
type Result struct {
	Query    int     `msgpack:"query"`
	Formula  string  `msgpack:"formula"`
	Verdict  Verdict `msgpack:"verdict"`
	Reason   string  `msgpack:"reason,omitempty"`
	Explored int64   `msgpack:"explored"`
	Stored   int64   `msgpack:"stored"`
	Pruned   int64   `msgpack:"pruned"`
	Seconds  float64 `msgpack:"seconds"`
	// Heuristic is the heuristic's description, "pdb (admissible, ...)".
	Heuristic string `msgpack:"heuristic,omitempty"`
	// Symmetry names the scalar sets the search was reduced by ("pid_t
	// (10 values)"), or says why it was not ("off: ..."); "" when the
	// model has no scalar set to reduce by.
	Symmetry string `msgpack:"symmetry,omitempty"`
	// Order says which search order ran, and why, when it is not the
	// one asked for ("breadth-first: a shortest trace needs it").
	Order string `msgpack:"order,omitempty"`
	// Workers is the number of workers the search was split between,
	// 0 for a search on its own.
	Workers int `msgpack:"workers,omitempty"`
	// Exhausted is set when the search ran out of states without reaching
	// its target, so the verdict (A[] satisfied, E<> not satisfied) is a
	// proof; Pruned of the states it stored were dead ends the heuristic
	// cut off (it said no target is reachable from them).
	Exhausted bool `msgpack:"exhausted,omitempty"`
	// Initial says why no state was explored when the initial state
	// violates an invariant: "the initial state violates the invariant
	// of P.A (model.xml:12:5)"; "" otherwise.
	Initial string `msgpack:"initial,omitempty"`
	Trace   *Trace `msgpack:"trace,omitempty"`
	// Values are the answers of a sup or inf query, one per expression.
	Values []Value `msgpack:"values,omitempty"`
	// Portfolio is how the race of the auto order went; the rest of the
	// Result is then the winner's.
	Portfolio *Portfolio `msgpack:"portfolio,omitempty"`
}

// Portfolio is how a race of the auto order went (core/portfolio).
type Portfolio struct {
	// Winner is the index in Members of the member whose verdict and
	// trace the Result holds; -1 when none decided the query.
	Winner int `msgpack:"winner" json:"winner"`
	// NotShortest: a shortest trace was asked for, and the trace comes
	// from a member that does not guarantee one because none that does
	// decided the query.
	NotShortest bool `msgpack:"not_shortest,omitempty" json:"not_shortest,omitempty"`
	// Jobs is the most members that searched at once.
	Jobs    int            `msgpack:"jobs" json:"jobs"`
	Members []MemberResult `msgpack:"members" json:"members"`
}

// MemberResult is one member's part in a race.
type MemberResult struct {
	// Name is the member's short name ("gbfs+pa:preds=syntax"), Label
	// its words ("greedy + predicates (syntax)").
	Name  string `msgpack:"name" json:"name"`
	Label string `msgpack:"label" json:"label"`
	// State is portfolio.State's word: "won", "found, not yet
	// shortest", "stopped", "failed", "waiting", ...
	State string `msgpack:"state" json:"state"`
	// Runs is the number of its runs (2 when its probe ran out).
	Runs      int     `msgpack:"runs" json:"runs"`
	Verdict   Verdict `msgpack:"verdict" json:"verdict"`
	Reason    string  `msgpack:"reason,omitempty" json:"reason,omitempty"`
	Explored  int64   `msgpack:"explored" json:"explored"`
	Stored    int64   `msgpack:"stored" json:"stored"`
	Pruned    int64   `msgpack:"pruned" json:"pruned"`
	Seconds   float64 `msgpack:"seconds" json:"seconds"`
	Heuristic string  `msgpack:"heuristic,omitempty" json:"heuristic,omitempty"`
}

// Value is the supremum or infimum of one expression of a sup or inf
// query over the reachable states where its condition holds.
type Value struct {
	Expr string `msgpack:"expr"`
	// Text is the value as UPPAAL prints it: an integer ("42"), a clock
	// bound ("≤ 42", "< 42", "≥ 3", "> 3"), "∞" when unbounded, or
	// "none" when no reachable state satisfies the condition.
	Text string `msgpack:"text"`
}

// Trace is a concrete trace. Clock values and delays are numerators over
// Den (exact rationals).
type Trace struct {
	Den    int64        `msgpack:"den" json:"den"`
	Clocks []string     `msgpack:"clocks" json:"clocks"` // names; index 0 is the reference clock
	States []TraceState `msgpack:"states" json:"states"`
	// Steps[k] leads from States[k] to States[k+1].
	Steps []TraceStep `msgpack:"steps" json:"steps"`
	Final int64       `msgpack:"final_delay" json:"final_delay"`
	// End says how the trace of a liveness query ends: "" (the last
	// state is the goal of a reachability query), "loop" (the steps from
	// States[Loop] on repeat forever: the last state is the loop head
	// again), "delay" (time passes forever in the last state) or
	// "deadlock" (after Final no transition can be taken and time cannot
	// pass).
	End  string `msgpack:"end,omitempty" json:"end,omitempty"`
	Loop int    `msgpack:"loop,omitempty" json:"loop,omitempty"`
}

// TraceState is one state of a trace.
type TraceState struct {
	Locs   []int32 `msgpack:"locs" json:"locs"` // network location index per process
	Vars   []int32 `msgpack:"vars" json:"vars"`
	Clocks []int64 `msgpack:"clocks" json:"clocks"`
	Zone   string  `msgpack:"zone" json:"zone"`
}

// TraceStep is a delay followed by a transition.
type TraceStep struct {
	Delay int64       `msgpack:"delay" json:"delay"`
	Edges []TraceEdge `msgpack:"edges" json:"edges"`
}

// TraceEdge is one edge of a transition: network process and edge index,
// with its select values.
type TraceEdge struct {
	Process int     `msgpack:"p" json:"p"`
	Edge    int     `msgpack:"e" json:"e"`
	Select  []int32 `msgpack:"sel,omitempty" json:"sel,omitempty"`
}
