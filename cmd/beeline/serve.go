// The serve command: the web app and the engine over HTTP.

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"time"

	"beeline/core/engine"
	"beeline/internal/webserver"
)

const serveUsage = `usage: beeline serve [--addr HOST:PORT] [--root DIR]

Serves the web app (DIR/index.html and DIR/web/, with the wasm built by
'make wasm' in DIR/web/build/) and the engine itself under /api/ (POST
/api/check and /api/parse, msgpack frames as the browser's worker streams
them). DIR defaults to the current directory, which should be the
repository root. Stop it with Ctrl-C.

options:
`

func runServe(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("serve", flag.ContinueOnError)
	fl.SetOutput(stderr)
	addr := fl.String("addr", "127.0.0.1:8080", "listen on `HOST:PORT` (port 0 picks a free one)")
	root := fl.String("root", ".", "serve the app from `DIR`")
	fl.Usage = func() {
		fmt.Fprint(stderr, serveUsage)
		fl.PrintDefaults()
	}
	if err := fl.Parse(args); err != nil {
		return exitUsage
	}
	if fl.NArg() > 0 {
		fmt.Fprintf(stderr, "beeline serve: unexpected argument %q\n", fl.Arg(0))
		fl.Usage()
		return exitUsage
	}
	if err := webserver.Check(*root); err != nil {
		fmt.Fprintf(stderr, "beeline serve: %v\n", err)
		return exitUsage
	}
	h, err := webserver.New(webserver.Options{Root: *root, API: engine.New(engine.Options{})})
	if err != nil {
		fmt.Fprintf(stderr, "beeline serve: %v\n", err)
		return exitUsage
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "beeline serve: %v\n", err)
		return exitUsage
	}
	fmt.Fprintf(stdout, "beeline: serving %s on http://%s/\n", *root, ln.Addr())
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return serve(ctx, ln, h, stderr)
}

// serve runs an HTTP server on ln until ctx is done, then shuts it down,
// giving running jobs a moment to see their requests cancelled.
func serve(ctx context.Context, ln net.Listener, h http.Handler, stderr io.Writer) int {
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second,
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
