// The share command: the operator's view of the short links `beeline
// serve` keeps, listing them and deleting some.

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"beeline/internal/shortlink"
)

const shareUsage = `usage: beeline share list [--data DIR]
       beeline share delete [--data DIR] ID...

Lists the short links kept under DIR (the --data of 'beeline serve'),
oldest first, with their sizes and when they were made, or deletes the
links named. A deleted link's address answers 404 from then on, and a
running server whose --share-quota is reached counts the links again
(at most every 10 seconds) before it refuses one, so the room freed is
used.

options:
`

func runShare(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || (args[0] != "list" && args[0] != "delete") {
		fmt.Fprint(stderr, shareUsage)
		return exitUsage
	}
	verb := args[0]
	fl := flag.NewFlagSet("share "+verb, flag.ContinueOnError)
	fl.SetOutput(stderr)
	data := fl.String("data", defaultDataDir(), "the short links are under `DIR`")
	fl.Usage = func() {
		fmt.Fprint(stderr, shareUsage)
		fl.PrintDefaults()
	}
	if err := fl.Parse(args[1:]); err != nil {
		return exitUsage
	}
	if verb == "list" && fl.NArg() > 0 || verb == "delete" && fl.NArg() == 0 {
		fl.Usage()
		return exitUsage
	}
	if st, err := os.Stat(*data); err != nil || !st.IsDir() {
		fmt.Fprintf(stderr, "beeline share: no short links are kept in %s (it is not a directory)\n", *data)
		return exitUsage
	}
	store, err := shortlink.NewDirStore(*data)
	if err != nil {
		fmt.Fprintf(stderr, "beeline share: %v\n", err)
		return exitUsage
	}
	defer store.Close()
	if verb == "list" {
		return listShares(store, stdout, stderr)
	}
	return deleteShares(store, fl.Args(), stdout, stderr)
}

// listShares prints one line per link and a total.
func listShares(store *shortlink.DirStore, stdout, stderr io.Writer) int {
	links, err := store.List()
	if err != nil {
		fmt.Fprintf(stderr, "beeline share: %v\n", err)
		return exitModelError
	}
	var total int64
	for _, l := range links {
		fmt.Fprintf(stdout, "%s  %8d  %s\n", l.ID, l.Size, l.Modified.UTC().Format(time.DateTime))
		total += l.Size
	}
	fmt.Fprintf(stdout, "%d links, %d bytes\n", len(links), total)
	return exitOK
}

// deleteShares deletes every id, saying which were not there.
func deleteShares(store *shortlink.DirStore, ids []string, stdout, stderr io.Writer) int {
	status := exitOK
	for _, id := range ids {
		err := store.Delete(id)
		switch {
		case errors.Is(err, shortlink.ErrNotFound):
			fmt.Fprintf(stderr, "beeline share: no short link %q is kept here\n", id)
			status = exitModelError
		case err != nil:
			fmt.Fprintf(stderr, "beeline share: cannot delete %s: %v\n", id, err)
			status = exitModelError
		default:
			fmt.Fprintf(stdout, "deleted %s\n", id)
		}
	}
	return status
}
