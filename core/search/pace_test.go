// Time budgets inside long computations, and the pace of checkpoints.

package search

import (
	"context"
	"errors"
	"testing"
	"time"

	"beeline/core/dbm"
)

// spinner is a counter whose third expansion computes for ever, asking
// its Interrupter poll every thousand steps; cancel, when set, is called
// after a million of them.
type spinner struct {
	counter
	stop     func() bool
	expanded int
	cancel   func()
}

func (s *spinner) SetInterrupt(stop func() bool) { s.stop = stop }

func (s *spinner) Successors(d []int32, z *dbm.DBM, yield func([]int32, []int32, *dbm.DBM) bool) error {
	if s.expanded++; s.expanded < 3 {
		return s.counter.Successors(d, z, yield)
	}
	for i := 1; ; i++ {
		if i == 1_000_000 && s.cancel != nil {
			s.cancel()
		}
		if i%1000 == 0 && s.stop != nil && s.stop() {
			return errors.New("interrupted")
		}
	}
}

// A computation that never ends by itself ends with the time budget or
// the cancellation, not with its error. The bound on the time only
// catches a hang.
func TestInterruptedComputation(t *testing.T) {
	sp := &spinner{}
	start := time.Now()
	r := run(t, sp, nil, Options{Timeout: 100 * time.Millisecond})
	expectStopped(t, r, ReasonTime)
	if d := time.Since(start); d > time.Second {
		t.Fatalf("stopped after %v", d)
	}
	if sp.stop != nil {
		t.Fatal("the interrupt poll was left set after the search")
	}

	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	r, err := Run(ctx, &spinner{}, nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	expectStopped(t, r, ReasonTime)

	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	r, err = Run(ctx, &spinner{cancel: cancel}, nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	expectStopped(t, r, ReasonCancelled)
}

// suddenlySlow is a counter whose expansions take 2 ms from the 20000th
// on: by then the checkpoints are spread for fast states.
type suddenlySlow struct {
	counter
	n int
}

func (s *suddenlySlow) Successors(d []int32, z *dbm.DBM, yield func([]int32, []int32, *dbm.DBM) bool) error {
	if s.n++; s.n >= 20000 {
		time.Sleep(2 * time.Millisecond)
	}
	return s.counter.Successors(d, z, yield)
}

func TestSuddenlySlowStatesKeepTime(t *testing.T) {
	start := time.Now()
	r := run(t, &suddenlySlow{}, nil, Options{Timeout: time.Second, MaxMemory: 1 << 30})
	expectStopped(t, r, ReasonTime)
	if d := time.Since(start); d > 10*time.Second || r.Stats.Explored < 20000 {
		t.Fatalf("stopped after %v with %d explored", d, r.Stats.Explored)
	}
}

func TestPacer(t *testing.T) {
	var p Pacer
	t0 := time.Unix(0, 0)
	if !p.Add(1) {
		t.Fatal("no checkpoint due at the start")
	}
	p.Checked(t0)
	if p.every != 1 {
		t.Fatalf("first interval %d, want 1", p.every)
	}
	now := t0
	step := func(units int64, cost time.Duration) {
		for !p.Add(units) {
			now = now.Add(cost)
		}
		now = now.Add(cost)
		p.Checked(now)
	}
	for range 20 {
		step(1, 100*time.Nanosecond) // cheap: the interval grows to its bound
	}
	if p.every != MaxPaceUnits {
		t.Fatalf("interval %d after cheap units, want %d", p.every, MaxPaceUnits)
	}
	step(1, 100*time.Microsecond) // a slowdown: in proportion at once
	if want := int64(DefaultPace / (100 * time.Microsecond)); p.every < want/2 || p.every > 2*want {
		t.Fatalf("interval %d after 100µs units, want about %d", p.every, want)
	}
	step(1, time.Second)
	if p.every != 1 {
		t.Fatalf("interval %d after slow units, want 1", p.every)
	}
}

func TestDeadline(t *testing.T) {
	t0 := time.Now()
	d := NewDeadline(context.Background(), t0, time.Second)
	if r := d.Reason(t0.Add(999 * time.Millisecond)); r != "" {
		t.Fatalf("stopped before the deadline: %q", r)
	}
	if r := d.Reason(t0.Add(time.Second)); r != ReasonTime {
		t.Fatalf("at the deadline: %q, want %q", r, ReasonTime)
	}
	ctx, cancel := context.WithDeadline(context.Background(), t0.Add(time.Millisecond))
	defer cancel()
	d = NewDeadline(ctx, t0, time.Hour)
	if !d.At().Equal(t0.Add(time.Millisecond)) {
		t.Fatalf("deadline %v, want the context's", d.At())
	}
	// The context's deadline counts even before its timer fires.
	if r := d.Reason(t0.Add(2 * time.Millisecond)); r != ReasonTime {
		t.Fatalf("past the context's deadline: %q", r)
	}
	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	if r := NewDeadline(ctx, t0, 0).Reason(t0); r != ReasonCancelled {
		t.Fatalf("cancelled: %q", r)
	}
	if r := (Deadline{}).Reason(t0); r != "" {
		t.Fatalf("zero deadline: %q", r)
	}
}
