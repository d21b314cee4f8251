// The table depends on the network, the target and the bound only: not
// on the machine's load, nor on the target it runs on.

package mas_test

import (
	"fmt"
	"testing"

	"beeline/core/heuristic"
	"beeline/core/heuristic/mas"
	"beeline/core/internal/reachtest"
)

// byteCase is the abstraction of reachtest's model m with bound N
// (0: the default), whose table has SHA-256 sum.
func byteCase(m string, bound int, sum string) reachtest.ByteCase {
	name := m
	if bound != 0 {
		name = fmt.Sprintf("%s bound=%d", m, bound)
	}
	mk := func(p *reachtest.Problem) heuristic.Heuristic {
		return mas.New(p.N, p.Target, mas.Options{Bound: bound})
	}
	about := func(h heuristic.Heuristic) string {
		return fmt.Sprintf("%d abstract states", h.(*mas.Heuristic).States())
	}
	return reachtest.NewByteCase(name, m, mk, about, sum)
}

// byteCases are the repository's families and the shared deep ones,
// with the default bound and a small one, whose precompute takes well
// under a second natively (make test-wasm runs them under js/wasm too,
// several times slower). STLS is left out: its abstraction takes 7 s
// even with bound 1, 33 s with the default; so is arbiter-5 (1.5 s).
var byteCases = []reachtest.ByteCase{
	byteCase("hanoi-5", 0, "e56c47676b74f84cf515cb408ed1c2e14c454b823daf71d744480455462b25bb"),
	byteCase("hanoi-5", 10, "536770c7b07c1a594a2fb42094aa8e7fd6a18e4c1de58e940d2931e58b7eefb8"),
	byteCase("hanoi-7", 0, "878e843183a9b01b98f3e5a37ef45a5122477583a4756cabe0a72d9076cbcf28"),
	byteCase("arbiter-3", 0, "6eac9151ec514dde80ec593c5ca07ba6a42a5295c651766b229de5ea6fb9ad0d"),
	byteCase("arbiter-4", 10, "3fd44771c7b07678133fa6984626f6bede3ef8849fcbbcffe86ea31a157f3ee3"),
	byteCase("haste-6", 0, "b65f5b16373f65206d362529fd30abf874db0f4bb3504a2966079d2c03349c82"),
	byteCase("haste-6", 10, "6c9aa4e4f656f3b485be341d1e02f78463be18396013372a5c054d03572a402c"),
	byteCase("fischer-broken", 0, "43b420934f99ef4c72b3156fbb3d1f6ae47db3c0934b53e264a4d67cad9be4ff"),
	byteCase("fischer-broken", 10, "41e0030c0e8a5779058c0615aa8b1c40ed57804d7cef65f97e1299be057c3e08"),
	byteCase("fischer-20N", 0, "5d93964a4a2c7c8e69143b7a1b2c0315bde97927dcba88725916bd3d9cb682c6"),
	byteCase("fischer-20N", 10, "d24aa187d19722abb340f892ed32a5375ee443c7957c32b557f821b69c27f7df"),
	byteCase("csma-20N", 0, "75ce94458eba3014a347a95cdedfbc054aac2062cede9e2bcd055ea017ad04d3"),
	byteCase("csma-20N", 10, "61e842bb47104d6e189c6581e431b12e4f121545bccf7a8eb6aea86b073a082d"),
	byteCase("mutex", 0, "0f15bf2e26cdfccfec69cea8ad5cc1f30a15349f8f626da18dbecd564a55c4ad"),
	byteCase("mutex", 10, "7cd4cefa22a6ee3899316ee9830263b6ab4147b85e573a8294eff0bf1f3b838a"),
}

// TestTableBytes checks each case's table against its recorded SHA-256:
// natively and under js/wasm, the same bytes.
func TestTableBytes(t *testing.T) { reachtest.ExpectTableBytes(t, byteCases) }

// TestTableIgnoresLoad builds each case's table twice, once beside
// goroutines that spin on every core, and compares the bytes: the
// precompute has no budget in time, so a busy machine changes nothing.
func TestTableIgnoresLoad(t *testing.T) { reachtest.ExpectTableIgnoresLoad(t, byteCases) }
