// The gallery: example models bundled in web/examples/.

package main

// example is one gallery entry. Only models whose licence allows bundling
// are listed; each names its author and licence on the page.
type example struct {
	Key         string
	Title       string
	Files       []string // the model first, then its .q files
	Attribution string
}

var gallery = []example{
	{"fischer", "Fischer's protocol (mutual exclusion holds)",
		[]string{"fischer.xml"}, "Beeline's own example (same licence as Beeline)"},
	{"fischer-broken", "Fischer's protocol, broken (x >= k): mutual exclusion fails",
		[]string{"fischer-broken.xml"}, "Beeline's own example (same licence as Beeline)"},
	{"fischer-typo", "Fischer's protocol with a typo (shows a positioned error)",
		[]string{"fischer-typo.xml"}, "Beeline's own example (same licence as Beeline)"},
	{"crossing", "Railway crossing with a queue (.xta + .q)",
		[]string{"crossing.xta", "crossing.q"}, "Beeline's own example (same licence as Beeline)"},
	{"crossing-lazy", "Railway crossing with a lazy gate: a train may wait forever (a leads-to loop)",
		[]string{"crossing-lazy.xta", "crossing-lazy.q"}, "Beeline's own example (same licence as Beeline)"},
	{"counters", "Counters: a big state space (try Cancel)",
		[]string{"counters.xta", "counters.q"}, "Beeline's own example (same licence as Beeline)"},
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
