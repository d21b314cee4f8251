// The gallery: example models bundled in web/examples/.

package main

// example is one gallery entry. Only models whose licence allows bundling
// are listed; each names its author and licence on the page.
type example struct {
	Key   string
	Title string
	// Menu is its name in the header's Examples menu: short, so that the
	// header fits one line of a laptop's screen (Title heads its card).
	Menu        string
	Files       []string // the model first, then its .q files
	Attribution string
	// Teaches is the line on the example's card: what it shows a class.
	Teaches string
	// Check is the query the card's button checks once the model is
	// loaded, with Order and Heuristic as the search ("" keeps the
	// page's); -1 only opens the model.
	Check            int
	Order, Heuristic string
}

const own = "Beeline's own example (same licence as Beeline)"

var gallery = []example{
	{"fischer", "Fischer's protocol (mutual exclusion holds)", "Fischer (holds)", []string{"fischer.xml"}, own,
		"Mutual exclusion with timing alone: the property holds, and the whole state space is explored to prove it.",
		0, "bfs", ""},
	{"fischer-broken", "Fischer's protocol, broken (x >= k): mutual exclusion fails", "Fischer, broken", []string{"fischer-broken.xml"}, own,
		"A broken protocol found by directed search: A* with the hL heuristic finds the shortest counterexample, played on the automata.",
		0, "astar", "hl"},
	{"fischer-typo", "Fischer's protocol with a typo (shows a positioned error)", "Fischer with a typo", []string{"fischer-typo.xml"}, own,
		"What a mistake in a model looks like: the error is shown at its line and column.",
		-1, "", ""},
	{"crossing", "Railway crossing with a queue (.xta + .q)", "Railway crossing", []string{"crossing.xta", "crossing.q"}, own,
		"Trains, a gate and a queue, as UPPAAL's train-gate: a train can cross, and never two at once.",
		1, "bfs", ""},
	{"crossing-lazy", "Railway crossing with a lazy gate: a train may wait forever (a leads-to loop)", "Crossing, lazy gate", []string{"crossing-lazy.xta", "crossing-lazy.q"}, own,
		"Liveness: a leads-to property fails, and its counterexample is a loop that goes round for ever.",
		0, "bfs", ""},
	{"counters", "Counters: a big state space (try Cancel)", "Counters (big)", []string{"counters.xta", "counters.q"}, own,
		"State-space explosion: a few counters make millions of states; watch the progress and cancel.",
		0, "bfs", ""},
}

// exampleByKey finds a gallery entry.
func exampleByKey(key string) (example, bool) {
	for _, e := range gallery {
		if e.Key == key {
			return e, true
		}
	}
	return example{}, false
}
