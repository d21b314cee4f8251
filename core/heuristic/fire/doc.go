// Package fire fires a network's global labels (core/heuristic/labels)
// over enumerated valuations: the mechanism that merge-and-shrink
// (core/heuristic/mas) and predicate abstraction (core/heuristic/pa)
// share to learn what a transition does without a zone.
//
// # What it enumerates
//
// A transition's integer guards and updates read some slots and, where
// its label leaves them open, select bindings. An Enum is an odometer
// over both: each slot over a Domain (the sorted values it may take),
// each open binding over its declared range, the last dimension turning
// fastest. The caller decides which slots are dimensions and in which
// order: mas puts each edge's slots before its bindings, pa every slot
// before every binding. For each valuation a Firer loads the state
// (Init, Enum.Load, AtSources), evaluates the guards and checks that
// the edges of a synchronisation name one channel (Guards), and runs the
// updates in order (Updates); Fire does both. An evaluation that fails
// (a run-time error) is an outcome of its own, Failed: the caller decides
// what it means (both heuristics treat it as reaching the target, since
// a concrete run-time error ends the search as the target does).
//
// Domains come from a fixpoint (Firer.Domains): each slot starts at its
// initial value, and every edge is fired alone over the values found so
// far, adding what it writes, until nothing grows. mas runs its own
// fixpoint over its atoms' explorations but keeps each slot's values in
// the same Domain type.
//
// # Limits and why
//
// A Domain holds at most MaxDomain (256) values; past that it is wide
// (nil) and the caller follows what reads the slot coarsely: the
// abstraction loses precision, never soundness. An Enum stops at MaxEnum
// (4,096) valuations: one transition from one abstract state must stay
// cheap, since the heuristics evaluate thousands of them; its count
// saturates past MaxEnum, so that a product over many dimensions never
// wraps round to a small number. A Firer hands out one Enum at a time,
// its buffers reused: it is valid until the next Enum call. Range expands
// a declared range of at most MaxDomain values, counting in int64 so that
// a range ending at the largest int32 (or starting at the smallest) ends.
//
// # Stopping
//
// A Poller reads the context and its deadline on the clock (under
// js/wasm the context's timer cannot fire while a precomputation runs);
// Poll looks every 256 calls, Stop every time. A Firer's Env asks Stop
// from inside a long guard or update, so that such an evaluation fails
// with an interrupt; a caller that sees Failed asks Stop first, so that
// the precomputation ends with the context's error rather than with what
// it would build from that failure.
//
// # How a caller uses it
//
//	f := fire.New(ctx, net)
//	en := f.Enum(edges)
//	for _, s := range slots {
//		if !en.Slot(s, dom[s]) { /* too many valuations: coarse */ }
//	}
//	for i := range edges {
//		if !en.Selects(i) { /* coarse */ }
//	}
//	for en.Next() {
//		f.Init()
//		en.Load(f.Env.Vars)
//		f.AtSources(edges)
//		switch f.Fire(edges, en.Sels) { … }
//	}
package fire
