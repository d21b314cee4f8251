package engine

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"beeline/core/protocol"
	"beeline/core/search"
)

// localDistribute is an Options.Distribute that runs the workers of a
// split search in this process: worker 0's share through the
// Distribution, the others' through helpers loaded from body, the
// request the lead serves, all over a search.Local.
func localDistribute(t *testing.T, body *[]byte) func(context.Context, Distribution) (*search.Result, error) {
	return func(ctx context.Context, d Distribution) (*search.Result, error) {
		ex := search.NewLocal(d.Workers)
		parts := make([]*search.Partition, d.Workers)
		errs := make([]error, d.Workers)
		var wg sync.WaitGroup
		for w := 1; w < d.Workers; w++ {
			hp, err := NewHelper(Options{}, *body)
			if err != nil {
				return nil, err
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				parts[w], errs[w] = hp.Part(ctx, d.Pick, d.Search, search.PartOptions{Me: w, Workers: d.Workers, Exchange: ex.Worker(w)})
			}()
		}
		parts[0], errs[0] = d.Part(ctx, search.PartOptions{Me: 0, Workers: d.Workers, Exchange: ex.Worker(0)})
		wg.Wait()
		for w, p := range parts {
			if p == nil {
				return nil, fmt.Errorf("worker %d: %v", w, errs[w])
			}
		}
		res := *parts[0].Result
		for g := res.Goal; d.Search.Trace && g != search.NoNode; {
			w, _ := search.Split(g, d.Workers)
			parent, step, ok := parts[w].Step(g)
			if !ok {
				return nil, fmt.Errorf("no state %d in worker %d", g, w)
			}
			res.Trace = append([]search.Step{step}, res.Trace...)
			g = parent
		}
		return &res, errs[0]
	}
}

// checkSplit checks query q of the model at path with the given
// workers and returns its result.
func checkSplit(t *testing.T, path string, q int, order protocol.Order, workers int) *protocol.Result {
	t.Helper()
	req := &protocol.Request{Version: protocol.Version, Name: path, Model: readModel(t, path), Queries: []int{q},
		Options: protocol.Options{Order: order, Trace: "some", Workers: workers}}
	body, err := protocol.EncodeRequest(req)
	if err != nil {
		t.Fatal(err)
	}
	_, frames := post(t, New(Options{Distribute: localDistribute(t, &body)}), "/check", req)
	k := kinds(frames)
	if len(k[protocol.FrameResult]) != 1 || len(k[protocol.FrameError]) != 0 {
		t.Fatalf("%s query %d, %d workers: %d results, errors %+v", path, q, workers, len(k[protocol.FrameResult]), k[protocol.FrameError])
	}
	return k[protocol.FrameResult][0].Result
}

// A check split between workers the host reaches has the verdict, the
// states and the length of trace of one by one worker, and says how
// many workers searched.
func TestCheckSplit(t *testing.T) {
	for _, c := range []struct {
		path  string
		q     int
		order protocol.Order
	}{
		{"../../testdata/models/fischer-broken.xml", 0, "bfs"},
		{"../../testdata/models/fischer-broken.xml", 1, "bfs"},
		{"../../testdata/models/fischer-broken.xml", 2, "bfs"},
		{"../../testdata/models/fischer-broken.xml", 0, "dfs"},
		{"../../testdata/models/fischer-broken.xml", 2, "dfs"},
	} {
		t.Run(fmt.Sprintf("%s#%d/%s", c.path, c.q, c.order), func(t *testing.T) {
			one := checkSplit(t, c.path, c.q, c.order, 1)
			for _, k := range []int{2, 3} {
				r := checkSplit(t, c.path, c.q, c.order, k)
				if r.Verdict != one.Verdict || r.Workers != k || one.Workers != 0 {
					t.Errorf("%d workers: %s by %d, want %s by %d (one worker: %d)", k, r.Verdict, r.Workers, one.Verdict, k, one.Workers)
				}
				if (r.Trace == nil) != (one.Trace == nil) || c.order == "bfs" && r.Trace != nil && len(r.Trace.Steps) != len(one.Trace.Steps) {
					t.Errorf("%d workers: trace %v, one worker's %v", k, r.Trace != nil, one.Trace != nil)
				}
				if r.Exhausted && r.Stored != one.Stored {
					t.Errorf("%d workers stored %d states, one %d", k, r.Stored, one.Stored)
				}
			}
		})
	}
}

// A helper of a request it cannot load, or asked for a query the
// request does not pick, says so.
func TestHelperRefuses(t *testing.T) {
	if _, err := NewHelper(Options{}, []byte{0xc1}); err == nil {
		t.Error("a damaged request made a helper")
	}
	req := &protocol.Request{Version: protocol.Version, Name: "m.xta", Model: []byte("int x; process P { state s; init s; } system P;"), Formulas: []string{"E<> x == 1"}}
	body, err := protocol.EncodeRequest(req)
	if err != nil {
		t.Fatal(err)
	}
	hp, err := NewHelper(Options{}, body)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := hp.Part(context.Background(), 1, search.Options{}, search.PartOptions{Workers: 2, Exchange: search.NewLocal(2).Worker(0)}); err == nil {
		t.Error("a helper searched query 1 of a request that picks one")
	}
}
