package main

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

// Scripts of requests and answers, and what is sent and handed on: one
// request answered at a time, only the newest waiting sent next, only
// the newest's answer handed on, and a stuck one given up for a newer.
func TestParseQueue(t *testing.T) {
	tests := []struct {
		name, script, want string
	}{
		{"one", "add take answer", "send 1, hand on 1"},
		{"in turn", "add take answer add take answer", "send 1, hand on 1, send 2, hand on 2"},
		{"nothing waits", "take add take take", "send 1"},
		{"newest waiting wins", "add take add add add answer take answer",
			"send 1, drop 1, send 4, hand on 4"},
		{"answered after a newer arrived", "add take add answer take answer", "send 1, drop 1, send 2, hand on 2"},
		{"stuck with a newer waiting", "add take add wait stuck take answer", "send 1, give up 1, send 2, hand on 2"},
		{"slow but not superseded", "add take wait stuck answer", "send 1, hand on 1"},
		{"superseded but not slow", "add take add stuck answer take answer", "send 1, drop 1, send 2, hand on 2"},
		{"a late answer of a given-up request", "add take add wait stuck take late answer", "send 1, give up 1, send 2, drop 1, hand on 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := runQueue(tt.script); got != tt.want {
				t.Errorf("%s:\n got %s\nwant %s", tt.script, got, tt.want)
			}
		})
	}
}

// runQueue plays a script on a parseQueue: add a request, take the one to
// send, answer the one sent last, let parseStall pass (wait), give up a
// stuck one (stuck), answer the request given up last (late).
func runQueue(script string) string {
	var q parseQueue
	now := time.Unix(0, 0)
	var log []string
	var sent, gaveUp *parseCall
	answer := func(c *parseCall) {
		if c == nil {
			return
		}
		if q.answered(c) {
			log = append(log, "hand on "+strconv.Itoa(c.id))
		} else {
			log = append(log, "drop "+strconv.Itoa(c.id))
		}
	}
	for _, op := range strings.Fields(script) {
		switch op {
		case "add":
			q.add(&parseCall{})
		case "take":
			if c := q.take(now); c != nil {
				sent = c
				log = append(log, "send "+strconv.Itoa(c.id))
			}
		case "answer":
			answer(sent)
		case "wait":
			now = now.Add(parseStall)
		case "stuck":
			if c := q.stuck(now); c != nil {
				gaveUp = c
				q.drop()
				log = append(log, "give up "+strconv.Itoa(c.id))
			}
		case "late":
			answer(gaveUp)
		}
	}
	return strings.Join(log, ", ")
}
