// Package cluster spreads one search of Beeline over machines: worker
// processes (`beeline worker --nats URL`) joined through a NATS server,
// and a coordinator (`beeline check --nats URL --workers N`) that
// recruits them for a run, keeps them in step and gathers the trace.
//
// The search is core/search's partitioned search (RunPartition, see its
// documentation, "Many workers"): each worker owns the states whose
// discrete parts hash to it, so inclusion checks stay local as in
// distributed UPPAAL (Behrmann, "Distributed reachability analysis in
// timed automata", STTT 7(1), 2005). This package is only its transport,
// a search.Exchange over NATS core messages (github.com/nats-io/nats.go);
// NATS brings the wire, the routing and the clustering of servers, so
// Beeline has no network protocol of its own.
//
// # Subjects
//
// Workers wait on WorkersSubject: a coordinator asks there who is idle,
// each idle worker answers with the subject of its own job queue, and
// the coordinator hands N of them a Job there (request and reply). A run
// then lives under "beeline.run.ID.", ID a fresh unique name:
//
//	w.batch.W   batches of states for worker W: little-endian int32 words
//	w.merged    the merged report of each barrier (JSON), to every worker
//	w.halt      a worker calls Halt: end the round (empty)
//	w.start     every worker has joined: search (empty)
//	w.end       the run is over; the text says why when it failed
//	w.beat      the coordinator's heartbeat
//	w.step.W    a request for a stored state of worker W (trace)
//	c.report    a worker's report at a barrier (JSON, search.Report)
//	c.beat      a worker's heartbeat (its number)
//	c.done      a worker's outcome: the run's result, or its error
//	c.fail      a worker's run ended on its own: why (connection lost)
//
// # Termination
//
// Rounds end by two barriers (search.Exchange.Reduce), and the
// coordinator is the barrier: it collects the k reports of a phase,
// merges them with search.MergeReports and publishes the result. The
// first barrier of a round is Mattern's message counting (F. Mattern,
// "Algorithms for distributed termination detection", Distributed
// Computing 2(3), 1987, the "four counter" family): each worker reports
// the batches it has sent to every other (Report.Sent, cumulative), so
// that each learns how many were sent to it and receives until it has
// them all. No batch is then in flight, and the second barrier, the
// decision (goal stored, budget spent, no state waiting), is taken on a
// consistent cut: a synchronous wave, one per round. Counting, not
// order, makes it sound, so batches may overtake reports on their way.
//
// # Failures
//
// NATS core messages are delivered at most once, so the run must notice
// loss instead of waiting for it. Every worker beats every
// Timing.Heartbeat (1 s) on c.beat, from a goroutine of its own, so a
// worker slowed by a long round or a slow link keeps its place; the
// coordinator beats on w.beat. A worker silent for Timing.Lost (5 s) is
// lost: the coordinator ends the run on w.end with "worker 2 lost: no
// heartbeat for 5s", every wait of the other workers (Receive, Reduce)
// returns that error, and the check's verdict is unknown with that
// reason and the statistics of the last barrier: never a verdict from
// part of the states. Workers that lose the coordinator end the run the
// same way, and a connection that reconnected (messages may be lost)
// ends it too; a worker whose run ends so says why on c.fail, and the
// coordinator ends the run for all with that reason. The workers that
// are left go back to waiting for a job.
//
// The package builds natively only; js/wasm never imports it.
package cluster
