// Package state holds the page's trace player: which state of a trace is
// shown, whether it plays, and how far time has passed inside the current
// state's delay. It knows nothing of the DOM, so its ordering rules are
// tested natively.
//
// A trace of n steps has n+1 states, numbered 0..n. Step k is a delay
// spent in state k followed by a transition into state k+1 (protocol.Trace
// says the same). The player's position is a state; while it plays, the
// clock of the animation runs through the delay of the current state
// (Elapsed grows from 0 to the step's delay), then the transition fires,
// the position moves on and a short dwell lets the eye follow the fired
// edges before the next delay starts.
//
// Manual moves (Forward, Back, First, Last, Seek) never animate: they
// land on a state with Elapsed 0. Play at the last state starts over
// from the first, as UPPAAL's simulator replays.
//
// A liveness query's trace may be a lasso (protocol.Trace's End "loop"):
// a prefix, then a loop whose last state is its head again, the run
// repeating the loop forever. SetLoop tells the player so: playing then
// goes round the loop (from the last state back to the head) until
// paused, and Forward from the last state lands on the state after the
// head, as the run goes on.
package state
