# Beeline's build and test contract. `make run` builds and runs the app,
# `make test` runs every suite, `make bench` measures.

GO        ?= go
GOROOT    := $(shell $(GO) env GOROOT)
# The loader Go ships for running js/wasm binaries (and tests) under Node.
WASM_EXEC := $(GOROOT)/lib/wasm/go_js_wasm_exec
# Reproducible binaries: no paths, no symbol tables, no build id.
BUILDFLAGS := -trimpath -ldflags='-s -w -buildid='
BIN       := bin/beeline
EXAMPLE   := testdata/models/fischer.xml

.PHONY: all build run test test-go test-wasm vet fmt-check rules bench fuzz clean

all: build

build:
	$(GO) build $(BUILDFLAGS) -o $(BIN) ./cmd/beeline

# Until the web app lands, `make run` builds the CLI and reads a bundled
# example model with it.
run: build
	./$(BIN) parse $(EXAMPLE) testdata/models/crossing.xta testdata/models/crossing.q

test: vet fmt-check rules test-go test-wasm

test-go:
	$(GO) test ./...

# The engine ships as wasm: run its tests on that target too, under Node.
test-wasm:
	GOOS=js GOARCH=wasm $(GO) test -exec="$(WASM_EXEC)" ./core/...

vet:
	$(GO) vet ./...

fmt-check:
	@out="$$(gofmt -l .)"; if [ -n "$$out" ]; then echo "gofmt needed on:"; echo "$$out"; exit 1; fi

# Project rules, each a grep with the reason.
rules:
	@if grep -rln --include='*.go' 'syscall/js' core/; then echo "core/ must not import syscall/js: it builds for native and wasm alike"; exit 1; fi

bench:
	$(GO) test -run XXX -bench . -benchmem ./core/...
	GOOS=js GOARCH=wasm $(GO) test -exec="$(WASM_EXEC)" -run XXX -bench . -benchmem ./core/dbm/ ./core/search/

# Short fuzzing sessions of every parser (seed corpora also run in `make test`).
fuzz:
	$(GO) test -run XXX -fuzz FuzzRead$$ -fuzztime 60s ./core/uppaal/
	$(GO) test -run XXX -fuzz FuzzReadQueries -fuzztime 30s ./core/uppaal/
	$(GO) test -run XXX -fuzz FuzzParseDeclarations -fuzztime 60s ./core/lang/
	$(GO) test -run XXX -fuzz FuzzParseExpr -fuzztime 30s ./core/lang/
	$(GO) test -run XXX -fuzz FuzzParseQuery -fuzztime 30s ./core/lang/

clean:
	rm -rf bin
