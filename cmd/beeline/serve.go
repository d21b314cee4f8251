// The serve command: the web app and the engine over HTTP, with every
// job under a budget.

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"time"

	"beeline"
	"beeline/core/engine"
	"beeline/internal/shortlink"
	"beeline/internal/webserver"
)

const serveUsage = `usage: beeline serve [--addr HOST:PORT] [--root DIR] [--data DIR] [--share=false]
                    [--share-quota BYTES] [--share-rate N[/min|/h]]
                    [--max-request BYTES] [--max-states N] [--max-memory BYTES]
                    [--timeout D] [--read-timeout D] [--max-jobs N] [--queue-wait D]

Serves the web app and the engine itself under /api/ (POST /api/check,
/api/parse, /api/prepare and /api/catalog, msgpack frames as the
browser's worker streams them). The app is the copy built into this
binary (by 'make build', which builds the wasm first), or with --root
the files of DIR (DIR/index.html and DIR/web/, with the wasm 'make wasm'
built in DIR/web/build/). Stop it with Ctrl-C.

Short links (/s/ID, made by the page's "Short link" action through
/api/share) are kept as files under --data, one per link, so that they
survive restarts; --share=false turns them off. A link holds the model
it was made from: anyone with the link can read it.

Every response carries a strict content security policy. Every job under
/api/ is bounded so that one cannot starve the others: a larger body is
refused (413); a job waits for one of --max-jobs slots at most
--queue-wait, then is refused (503, Retry-After); --max-states,
--max-memory and --timeout are each request's budgets when it gives none
and its ceilings when it asks for more, and --timeout also bounds the
whole request. A request's headers, and its body, must each arrive
within --read-timeout (408 for a body, on every route), before a job
takes a slot; a job whose client leaves is stopped and its slot freed
at once. Go's collector is told the memory this implies (every
slot's --max-memory and --max-request, and 128 MiB) unless GOMEMLIMIT
is set.

options:
`

// Serve's defaults. Models are small (the largest shared one is 150 KiB)
// and a /check may carry a precomputed table of a few MiB; a search that
// stops at 1 GiB of states or ten million of them leaves a machine of a
// few GiB usable with one job per core.
const (
	defaultMaxRequest = 16 << 20
	defaultMaxStates  = 10_000_000
	defaultMaxMemory  = 1 << 30
	defaultTimeout    = 2 * time.Minute
	defaultQueueWait  = 10 * time.Second
	// A request of 16 MiB arrives in a few seconds on the slowest link
	// the page is used over; a body slower than that holds a
	// connection for nothing.
	defaultReadTimeout = 10 * time.Second
	// 256 MiB hold 4,096 links of the largest size (64 KiB) and tens of
	// thousands of usual ones (a few KiB); 30 links a minute is more
	// than a class sharing models at once from one address needs.
	defaultShareQuota = 256 << 20
	defaultShareRate  = 30
)

// serveConfig is what the serve command's flags say.
type serveConfig struct {
	addr, root, data string
	share            bool
	engine           engine.Options
	// readTimeout bounds a request's headers and its body.
	readTimeout time.Duration
	// shareQuota bounds the bytes of the stored links (0: none);
	// shareRate the links a client stores a minute (0: no limit).
	shareQuota int64
	shareRate  float64
}

// parseServe reads the serve command's flags.
func parseServe(args []string, stderr io.Writer) (*serveConfig, error) {
	fl := flag.NewFlagSet("serve", flag.ContinueOnError)
	fl.SetOutput(stderr)
	c := &serveConfig{}
	maxRequest, maxMemory := byteSize(defaultMaxRequest), byteSize(defaultMaxMemory)
	shareQuota, shareRate := byteSize(defaultShareQuota), perMinute(defaultShareRate)
	fl.StringVar(&c.addr, "addr", "127.0.0.1:8080", "listen on `HOST:PORT` (port 0 picks a free one)")
	fl.StringVar(&c.root, "root", "", "serve the app's files from `DIR` rather than the copy built in")
	fl.StringVar(&c.data, "data", defaultDataDir(), "keep short links under `DIR`")
	fl.BoolVar(&c.share, "share", true, "make and open short links")
	fl.Var(&shareQuota, "share-quota", "keep at most `BYTES` of short links (0: no bound)")
	fl.Var(&shareRate, "share-rate", "let a client address store `N` short links a minute (N/h: an hour; 0: no limit)")
	fl.Var(&maxRequest, "max-request", "refuse request bodies larger than `BYTES` (e.g. 512K, 16M)")
	fl.Int64Var(&c.engine.MaxStates, "max-states", defaultMaxStates, "stop a job's search after storing `N` states (0: no ceiling)")
	fl.Var(&maxMemory, "max-memory", "stop a job's search, or its table's precomputation, at `BYTES` (0: no ceiling)")
	fl.DurationVar(&c.engine.MaxTimeout, "timeout", defaultTimeout, "stop a job after this `duration` (0: no ceiling)")
	fl.IntVar(&c.engine.MaxJobs, "max-jobs", runtime.NumCPU(), "run at most `N` jobs at once (0: no bound)")
	fl.DurationVar(&c.engine.QueueWait, "queue-wait", defaultQueueWait, "let a job wait this `duration` for a slot before refusing it")
	fl.DurationVar(&c.readTimeout, "read-timeout", defaultReadTimeout, "refuse a request whose headers or body take longer than this `duration` to arrive")
	fl.Usage = func() {
		fmt.Fprint(stderr, serveUsage)
		fl.PrintDefaults()
	}
	if err := fl.Parse(args); err != nil {
		return nil, err
	}
	if fl.NArg() > 0 {
		fl.Usage()
		return nil, fmt.Errorf("unexpected argument %q", fl.Arg(0))
	}
	if maxRequest == 0 {
		return nil, errors.New("--max-request must be more than 0")
	}
	if c.engine.MaxStates < 0 || c.engine.MaxTimeout < 0 || c.engine.MaxJobs < 0 || c.engine.QueueWait < 0 {
		return nil, errors.New("--max-states, --timeout, --max-jobs and --queue-wait must not be negative")
	}
	if c.readTimeout <= 0 {
		return nil, errors.New("--read-timeout must be more than 0")
	}
	c.engine.MaxRequestBytes, c.engine.MaxMemory = int64(maxRequest), int64(maxMemory)
	c.engine.ReadTimeout = c.readTimeout
	c.shareQuota, c.shareRate = int64(shareQuota), float64(shareRate)
	return c, nil
}

// handler is the server's handler: the app, the engine under /api/ and
// the short links.
func (c *serveConfig) handler() (http.Handler, error) {
	files := fs.FS(beeline.App)
	if c.root != "" {
		dir, err := webserver.DirFiles(c.root)
		if err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			return nil, fmt.Errorf("cannot serve %s: %v", c.root, err)
		}
		files = dir
	}
	if err := webserver.Check(files); err != nil {
		if c.root == "" {
			return nil, fmt.Errorf("this binary was built without the web app: %v, then build it again, or serve a directory with --root", err)
		}
		return nil, fmt.Errorf("%v in %s", err, c.root)
	}
	opts := webserver.Options{Files: files, API: engine.New(c.engine), ReadTimeout: c.readTimeout}
	if c.share {
		if c.data == "" {
			return nil, errors.New("short links need --data DIR (or --share=false)")
		}
		store, err := shortlink.NewDirStore(c.data)
		if err != nil {
			return nil, err
		}
		store.SetQuota(c.shareQuota)
		opts.Shares = store
		opts.ShareLimits = shortlink.Limits{ReadTimeout: c.readTimeout}
		if c.shareRate > 0 {
			opts.ShareLimits.Limiter = shortlink.NewRateLimiter(c.shareRate, int(math.Ceil(c.shareRate)))
		}
	}
	return webserver.New(opts), nil
}

// defaultDataDir is where short links are kept unless --data says:
// $XDG_DATA_HOME/beeline/links, or ~/.local/share/beeline/links.
func defaultDataDir() string {
	base := os.Getenv("XDG_DATA_HOME")
	if base == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return ""
		}
		base = filepath.Join(home, ".local", "share")
	}
	return filepath.Join(base, "beeline", "links")
}

// memoryLimit is the process's memory that the budgets imply: every job
// slot's search and request body, and serveBase for the rest; 0 when jobs
// or searches are unbounded.
func (c *serveConfig) memoryLimit() int64 {
	e := c.engine
	if e.MaxJobs == 0 || e.MaxMemory == 0 {
		return 0
	}
	return int64(e.MaxJobs)*(e.MaxMemory+e.MaxRequestBytes) + serveBase
}

// serveBase is the memory allowed beyond the jobs' budgets: the Go
// runtime, the models being compiled and the frames being written, the
// waiting requests and idle connections.
const serveBase = 128 << 20

func runServe(args []string, stdout, stderr io.Writer) int {
	c, err := parseServe(args, stderr)
	if err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintf(stderr, "beeline serve: %v\n", err)
		}
		return exitUsage
	}
	h, err := c.handler()
	if err != nil {
		fmt.Fprintf(stderr, "beeline serve: %v\n", err)
		return exitUsage
	}
	ln, err := net.Listen("tcp", c.addr)
	if err != nil {
		fmt.Fprintf(stderr, "beeline serve: %v\n", err)
		return exitUsage
	}
	if l := c.memoryLimit(); l > 0 && os.Getenv("GOMEMLIMIT") == "" {
		// Without it the collector lets garbage double the heap: two
		// searches at their budget would hold four budgets' memory.
		debug.SetMemoryLimit(l)
	}
	fmt.Fprintf(stdout, "beeline: serving on http://%s/\n", ln.Addr())
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return c.serve(ctx, ln, h, stderr)
}

// serve runs an HTTP server on ln until ctx is done, then shuts it down,
// giving running jobs a moment to see their requests cancelled.
//
// The server has no read or write timeout: a job's response streams for
// as long as the job runs (the engine's --timeout bounds it), and a read
// deadline would cancel a running job's request when it passed. Headers
// must arrive within ReadHeaderTimeout (--read-timeout), and a body
// within --read-timeout too: the handler sets that deadline on every
// request with a body, and the engine and the short links lift it once
// they have read it.
func (c *serveConfig) serve(ctx context.Context, ln net.Listener, h http.Handler, stderr io.Writer) int {
	srv := &http.Server{Handler: h, ReadHeaderTimeout: c.readTimeout, IdleTimeout: 2 * time.Minute,
		BaseContext: func(net.Listener) context.Context { return ctx }}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		fmt.Fprintf(stderr, "beeline serve: %v\n", err)
		return exitModelError
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := srv.Shutdown(shut); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		fmt.Fprintf(stderr, "beeline serve: %v\n", err)
	}
	return exitOK
}
