// The store interface and the file store `beeline serve` uses.

package shortlink

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"beeline/core/share"
)

// ErrNotFound is Store.Get's answer for an id that names no envelope.
var ErrNotFound = errors.New("no such short link")

// Store keeps envelopes by id. Ids are content-addressed, so a Put of an
// id already stored stores the same bytes and may do nothing.
type Store interface {
	// Get returns the envelope stored under id, or ErrNotFound.
	Get(ctx context.Context, id string) (string, error)
	// Put stores envelope under id.
	Put(ctx context.Context, id, envelope string) error
}

// DirStore keeps each envelope in its own file under a directory, named
// by its id and fanned out by the id's first two characters. A file is
// written beside its final name and renamed into place, so a reader never
// sees half an envelope, concurrent writers of one id (who write the same
// bytes) cannot corrupt it, and it survives restarts.
type DirStore struct {
	root *os.Root
}

// NewDirStore opens (creating it if need be) a store in dir.
func NewDirStore(dir string) (*DirStore, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("cannot create the short-link store: %w", err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("cannot open the short-link store: %w", err)
	}
	return &DirStore{root: root}, nil
}

// Close releases the store's directory.
func (s *DirStore) Close() error { return s.root.Close() }

func (s *DirStore) name(id string) (string, error) {
	if !share.IsID(id) {
		return "", ErrNotFound
	}
	return filepath.Join(id[:2], id), nil
}

// Get returns the envelope stored under id.
func (s *DirStore) Get(_ context.Context, id string) (string, error) {
	name, err := s.name(id)
	if err != nil {
		return "", err
	}
	f, err := s.root.Open(name)
	if errors.Is(err, fs.ErrNotExist) {
		return "", ErrNotFound
	}
	if err != nil {
		return "", err
	}
	defer f.Close()
	// A file longer than an envelope may be is not one this store wrote.
	data, err := io.ReadAll(io.LimitReader(f, share.MaxEnvelope+1))
	if err != nil {
		return "", err
	}
	if len(data) > share.MaxEnvelope {
		return "", fmt.Errorf("the stored link %s is damaged", id)
	}
	return string(data), nil
}

// Put stores envelope under id, unless it is stored already.
func (s *DirStore) Put(_ context.Context, id, envelope string) error {
	name, err := s.name(id)
	if err != nil {
		return errors.New("not a short-link id: " + id)
	}
	if _, err := s.root.Stat(name); err == nil {
		return nil
	}
	if err := s.root.MkdirAll(id[:2], 0o700); err != nil {
		return err
	}
	tmp, err := s.temp(id)
	if err != nil {
		return err
	}
	_, werr := io.WriteString(tmp.f, envelope)
	if werr == nil {
		werr = tmp.f.Sync()
	}
	if cerr := tmp.f.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = s.root.Rename(tmp.name, name)
	}
	if werr != nil {
		s.root.Remove(tmp.name)
	}
	return werr
}

type tempFile struct {
	f    *os.File
	name string
}

// temp creates a file beside id's that no other writer uses.
func (s *DirStore) temp(id string) (tempFile, error) {
	for i := 0; ; i++ {
		name := filepath.Join(id[:2], fmt.Sprintf(".%s.%d.%d.tmp", id, os.Getpid(), i))
		f, err := s.root.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err == nil {
			return tempFile{f, name}, nil
		}
		if !errors.Is(err, fs.ErrExist) || i > 1000 {
			return tempFile{}, err
		}
	}
}
