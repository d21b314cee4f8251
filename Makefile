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

WEB_BUILD := web/build
# The code editor's sources and npm packages.
EDITOR    := web/editor
# The Cloudflare Worker's generated files (build/, ignored by git).
WORKER    := build/worker
# Wrangler's npm packages, to run the Worker locally (make test-worker).
WRANGLER  := build/node_modules
SITE      := build/site

.PHONY: all build run wasm worker test test-go test-wasm test-browser test-worker vet fmt-check rules bench fuzz clean

all: build

# The binary embeds the app's files (index.html, web/), so the wasm is
# built first.
build: wasm
	$(GO) build $(BUILDFLAGS) -o $(BIN) ./cmd/beeline

# The web app's build outputs, all in web/build/ (ignored by git):
#   engine.wasm   the engine worker (./wasm/worker), and ui.wasm, the page (./wasm/ui)
#   wasm_exec.js  Go's loader for ui.wasm, from this Go installation
#   worker/       github.com/syumai/workers' glue that runs engine.wasm in the
#                 worker (its own patched wasm_exec.js, worker.mjs), with
#                 web/engine-runtime.mjs as runtime.mjs: the generated browser
#                 runtime would fetch and compile the wasm once per worker,
#                 while the page compiles it once and hands it over
#   editor.js     the code editor (CodeMirror 6, window.BeelineEditor), bundled
#                 by esbuild's Go API from web/editor (see its README)
#   *.wasm.gz, editor.js.gz
#                 precompressed copies (-n: no name or time, so the bytes are
#                 reproducible); `beeline serve` sends them to gzip clients
wasm: $(EDITOR)/node_modules
	mkdir -p $(WEB_BUILD)
	$(GO) run ./web/editor/bundle -o $(WEB_BUILD)/editor.js
	GOOS=js GOARCH=wasm $(GO) build $(BUILDFLAGS) -o $(WEB_BUILD)/engine.wasm ./wasm/worker
	if [ -d wasm/ui ]; then GOOS=js GOARCH=wasm $(GO) build $(BUILDFLAGS) -o $(WEB_BUILD)/ui.wasm ./wasm/ui; fi
	cp $(GOROOT)/lib/wasm/wasm_exec.js $(WEB_BUILD)/wasm_exec.js
	$(GO) run github.com/syumai/workers/cmd/workers-assets-gen -mode=go -runtime=browser -o $(WEB_BUILD)/worker
	cp web/engine-runtime.mjs $(WEB_BUILD)/worker/runtime.mjs
	for f in $(WEB_BUILD)/*.wasm $(WEB_BUILD)/editor.js; do gzip -9 -k -n -f "$$f"; done

# CodeMirror, as web/editor/package-lock.json pins it; installed again only
# when the lockfile is newer than the installation.
$(EDITOR)/node_modules: $(EDITOR)/package-lock.json
	npm ci --prefix $(EDITOR) --no-audit --no-fund
	touch $@

# The Cloudflare Worker (build/, wrangler.jsonc):
#   build/worker/  github.com/syumai/workers' glue (worker.mjs imports
#                  app.wasm, the Worker ./build, beside it)
#   build/site/    the static assets the platform serves itself: index.html
#                  and web/ with the wasm and the code editor's bundle,
#                  less web/render, web/editor and web/test
#                  (Go sources and the engine harness) and the .gz copies
#                  (the platform compresses), plus _headers, the security
#                  headers from internal/webserver; index.html names its
#                  assets with their content hashes (?v=)
worker: wasm
	$(GO) run github.com/syumai/workers/cmd/workers-assets-gen -mode=go -o $(WORKER)
	GOOS=js GOARCH=wasm $(GO) build $(BUILDFLAGS) -o $(WORKER)/app.wasm ./build
	rm -rf $(SITE)
	mkdir -p $(SITE)/web
	cp web/*.js web/*.mjs web/app.css $(SITE)/web/
	cp -R web/examples $(WEB_BUILD) $(SITE)/web/
	rm -f $(SITE)/web/build/*.gz
	$(GO) run ./build/headers > $(SITE)/_headers
	# index.html with its assets' addresses content-hashed from the files
	# copied (?v=, as `beeline serve` sends it; see internal/webserver).
	cp index.html $(SITE)/
	$(GO) run ./build/headers -page $(SITE) > $(SITE)/index.html.tmp
	mv $(SITE)/index.html.tmp $(SITE)/index.html

# Build everything and serve the app on loopback.
run: wasm build
	./$(BIN) serve --addr 127.0.0.1:8080

test: vet fmt-check rules test-go test-wasm test-browser test-worker

# Every Go test except the browser's and the Worker's (they need the wasm
# and the Worker built, and run in test-browser and test-worker).
test-go:
	$(GO) test $$($(GO) list ./... | grep -v -e '^beeline/e2e$$' -e '^beeline/build$$')

# Headless Chromium loads the harness and the page over loopback, against
# the assets `make wasm` built. Skips without /usr/bin/chromium unless CI is
# set (then it fails: .ci/run installs Chromium), and says so.
test-browser: wasm
	@if [ ! -x /usr/bin/chromium ] && [ -z "$$CI" ]; then \
		echo "make test: the browser tests are skipped: /usr/bin/chromium is missing (apt-get install chromium installs it)"; fi
	BEELINE_WEB_ROOT=$(CURDIR) $(GO) test -count=1 -timeout 45m ./e2e/

# The Worker under `wrangler dev --local` (workerd on loopback, KV on disk
# in a temporary directory), with wrangler as build/package-lock.json pins
# it.
test-worker: worker $(WRANGLER)
	BEELINE_WORKER_TEST=1 WRANGLER_SEND_METRICS=false $(GO) test -count=1 ./build/

# Wrangler and its workerd, installed again only when the lockfile is newer
# than the installation; no usage reports.
$(WRANGLER): build/package-lock.json
	WRANGLER_SEND_METRICS=false npm ci --prefix build --no-audit --no-fund
	touch $@

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

bench: wasm
	BEELINE_BENCH=1 BEELINE_WEB_ROOT=$(CURDIR) $(GO) test -count=1 -run TestEngineSpeed -v ./e2e/
	$(GO) test -run XXX -bench . -benchmem ./core/...
	GOOS=js GOARCH=wasm $(GO) test -exec="$(WASM_EXEC)" -run XXX -bench . -benchmem ./core/dbm/ ./core/search/
	# Blind against directed search (BFS, A* with each admissible heuristic,
	# greedy search with each heuristic of core/options' registry) on the
	# scaled model families: explored states, seconds and trace length of
	# each, as one table.
	$(GO) run ./cmd/beeline bench --models ../shared/models --timeout 30s
	# Blind search on the scaled families, natively and as wasm under Node
	# (the same command, so the wasm cost is a measured ratio).
	$(GO) run ./cmd/beeline bench --families --models ../shared/models --timeout 60s
	GOOS=js GOARCH=wasm $(GO) build -trimpath -o bin/beeline.wasm ./cmd/beeline
	$(WASM_EXEC) bin/beeline.wasm bench --families --models ../shared/models --timeout 60s

# Short fuzzing sessions of every parser and decoder of outside input (seed
# corpora also run in `make test`).
fuzz:
	$(GO) test -run XXX -fuzz FuzzRead$$ -fuzztime 60s ./core/uppaal/
	$(GO) test -run XXX -fuzz FuzzReadQueries -fuzztime 30s ./core/uppaal/
	$(GO) test -run XXX -fuzz FuzzParse$$ -fuzztime 30s -fuzzminimizetime 5s ./core/edit/
	$(GO) test -run XXX -fuzz FuzzParseDeclarations -fuzztime 60s ./core/lang/
	$(GO) test -run XXX -fuzz FuzzParseExpr -fuzztime 30s ./core/lang/
	$(GO) test -run XXX -fuzz FuzzParseQuery -fuzztime 30s ./core/lang/
	$(GO) test -run XXX -fuzz FuzzLoad -fuzztime 60s ./core/model/
	$(GO) test -run XXX -fuzz FuzzReadFrame -fuzztime 30s ./core/protocol/
	$(GO) test -run XXX -fuzz FuzzDecodeRequest -fuzztime 30s ./core/protocol/
	$(GO) test -run XXX -fuzz FuzzDecode$$ -fuzztime 30s ./core/share/
	$(GO) test -run XXX -fuzz FuzzCheckEnvelope -fuzztime 30s ./core/share/
	$(GO) test -run XXX -fuzz FuzzLoadTable -fuzztime 30s ./core/heuristic/pdb/
	$(GO) test -run XXX -fuzz FuzzLoadTable -fuzztime 30s ./core/heuristic/mas/
	$(GO) test -run XXX -fuzz FuzzLoadTable -fuzztime 30s ./core/heuristic/pa/
	$(GO) test -run XXX -fuzz FuzzLoadTable -fuzztime 30s ./core/heuristic/graphdist/
	BEELINE_DIFFTEST_WIDE=1 $(GO) test -run TestDifferential -fuzz FuzzDifferential -fuzztime 300s -timeout 90m ./core/internal/difftest/

clean:
	rm -rf bin $(WEB_BUILD) $(WORKER) $(SITE) build/.wrangler
