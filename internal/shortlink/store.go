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
	"sort"
	"strings"
	"sync"
	"time"

	"beeline/core/share"
)

// ErrNotFound is Store.Get's answer for an id that names no envelope.
var ErrNotFound = errors.New("no such short link")

// ErrFull is Store.Put's answer when storing an envelope would pass the
// store's quota.
var ErrFull = errors.New("the store of short links is full")

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
//
// A quota (SetQuota) bounds the bytes of every envelope stored together;
// the store counts them when it opens and keeps the count as links are
// stored and deleted by this process.
type DirStore struct {
	root *os.Root

	mu      sync.Mutex
	quota   int64     // 0: none
	used    int64     // bytes of the envelopes stored
	counted time.Time // when used was last counted from the files
	recount time.Duration
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
	s := &DirStore{root: root, recount: recountEvery}
	links, err := s.List()
	if err != nil {
		root.Close()
		return nil, fmt.Errorf("cannot read the short-link store: %w", err)
	}
	for _, l := range links {
		s.used += l.Size
	}
	s.counted = time.Now()
	return s, nil
}

// SetQuota bounds the bytes of all envelopes stored together (0: no
// bound). Links stored already stay, even past it.
func (s *DirStore) SetQuota(bytes int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.quota = bytes
}

// Usage returns the bytes of the envelopes stored, and the quota (0:
// none).
func (s *DirStore) Usage() (used, quota int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.used, s.quota
}

// reserve counts n more bytes, or reports ErrFull when they would pass
// the quota. Before it refuses, it counts the stored links again (at
// most every recountEvery, since that walks the directory), so that
// links deleted by another process (`beeline share delete`) make room.
func (s *DirStore) reserve(n int64) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.quota > 0 && s.used+n > s.quota && time.Since(s.counted) >= s.recount {
		s.counted = time.Now()
		if links, err := s.List(); err == nil {
			s.used = 0
			for _, l := range links {
				s.used += l.Size
			}
		}
	}
	if s.quota > 0 && s.used+n > s.quota {
		return ErrFull
	}
	s.used += n
	return nil
}

// recountEvery is how often a full store counts its links again.
const recountEvery = 10 * time.Second

func (s *DirStore) unreserve(n int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.used -= n
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
	if err := s.reserve(int64(len(envelope))); err != nil {
		return err
	}
	if err := s.write(id, name, envelope); err != nil {
		s.unreserve(int64(len(envelope)))
		return err
	}
	return nil
}

// write writes envelope beside name and renames it into place.
func (s *DirStore) write(id, name, envelope string) error {
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

// Link is one stored link, as List reports it.
type Link struct {
	ID       string
	Size     int64
	Modified time.Time
}

// List returns the stored links, oldest first. Files that are no link
// (a write in progress, anything else put there) are left out.
func (s *DirStore) List() ([]Link, error) {
	var out []Link
	err := fs.WalkDir(s.root.FS(), ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !share.IsID(d.Name()) || !strings.HasPrefix(d.Name(), filepath.Dir(path)) {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		out = append(out, Link{ID: d.Name(), Size: info.Size(), Modified: info.ModTime()})
		return nil
	})
	sort.Slice(out, func(i, j int) bool {
		if !out[i].Modified.Equal(out[j].Modified) {
			return out[i].Modified.Before(out[j].Modified)
		}
		return out[i].ID < out[j].ID
	})
	return out, err
}

// Delete removes the link stored under id: ErrNotFound when there is
// none.
func (s *DirStore) Delete(id string) error {
	name, err := s.name(id)
	if err != nil {
		return err
	}
	info, err := s.root.Stat(name)
	if errors.Is(err, fs.ErrNotExist) {
		return ErrNotFound
	}
	if err != nil {
		return err
	}
	if err := s.root.Remove(name); err != nil {
		return err
	}
	s.unreserve(info.Size())
	return nil
}
