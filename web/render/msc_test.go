package render

import (
	"encoding/xml"
	"io"
	"math"
	"strconv"
	"strings"
	"testing"
)

// node is an element of an SVG read back, with its direct text.
type node struct {
	name  string
	attr  map[string]string
	kids  []*node
	text  string
	outer *node
}

// parseTree checks that s is well-formed XML and returns its root element.
func parseTree(t *testing.T, s string) *node {
	t.Helper()
	doc := &node{attr: map[string]string{}}
	cur := doc
	dec := xml.NewDecoder(strings.NewReader(s))
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, s)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			n := &node{name: tok.Name.Local, attr: map[string]string{}, outer: cur}
			for _, a := range tok.Attr {
				n.attr[a.Name.Local] = a.Value
			}
			cur.kids = append(cur.kids, n)
			cur = n
		case xml.EndElement:
			cur = cur.outer
		case xml.CharData:
			cur.text += string(tok)
		}
	}
	if len(doc.kids) != 1 || doc.kids[0].name != "svg" {
		t.Fatalf("root is not one <svg> element:\n%s", s)
	}
	return doc.kids[0]
}

func (n *node) hasClass(c string) bool {
	return strings.Contains(" "+n.attr["class"]+" ", " "+c+" ")
}

// find returns the elements below n (n included) with class c, in
// document order.
func (n *node) find(c string) []*node {
	var found []*node
	if n.hasClass(c) {
		found = append(found, n)
	}
	for _, k := range n.kids {
		found = append(found, k.find(c)...)
	}
	return found
}

// one returns the single element below n with class c.
func (n *node) one(t *testing.T, c string) *node {
	t.Helper()
	found := n.find(c)
	if len(found) != 1 {
		t.Fatalf("%d elements of class %q, want 1", len(found), c)
	}
	return found[0]
}

func (n *node) float(t *testing.T, name string) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(n.attr[name], 64)
	if err != nil {
		t.Fatalf("<%s> attribute %s=%q is not a number", n.name, name, n.attr[name])
	}
	return f
}

// trainGate is the start of a train-gate trace with every kind of step.
func trainGate() MSC {
	return MSC{
		Processes: []string{"Train(0)", "Train(1)", "Gate", "Watch"},
		Initial:   []string{"Safe", "Safe", "Free", "Idle"},
		Steps: []MSCStep{
			{Sender: 0, Receivers: []int{2}, Channel: "appr[0]", Label: "Train(0): Safe → Appr, appr[0]!", Locations: []string{"Appr", "Safe", "Occ", "Idle"}},
			{Delay: "3/2", Sender: 3, Label: "Watch: Idle → Look", Locations: []string{"Appr", "Safe", "Occ", "Look"}},
			{Sender: 2, Receivers: []int{0, 1, 3}, Channel: "stop", Label: "Gate broadcasts stop", Locations: []string{"Stop", "Safe", "Occ", "Look"}},
			{Delay: "10", Sender: 1, Receivers: []int{2}, Channel: "a<b", Label: "x < 5 && y > 2"},
		},
		Current: 2,
	}
}

func TestChartLifelines(t *testing.T) {
	m := trainGate()
	root := parseTree(t, SequenceChart(m, Options{}))
	procs := root.find("msc-process")
	if len(procs) != len(m.Processes) {
		t.Fatalf("%d lifelines, want %d", len(procs), len(m.Processes))
	}
	prev := math.Inf(-1)
	for i, p := range procs {
		if p.attr["data-process"] != strconv.Itoa(i) {
			t.Errorf("lifeline %d: data-process %q", i, p.attr["data-process"])
		}
		if name := p.one(t, "msc-name").text; name != m.Processes[i] {
			t.Errorf("lifeline %d named %q, want %q", i, name, m.Processes[i])
		}
		line := p.one(t, "msc-lifeline")
		x := line.float(t, "x1")
		if x != line.float(t, "x2") || x <= prev {
			t.Errorf("lifeline %d at x=%v is not vertical and right of the one before (%v)", i, x, prev)
		}
		prev = x
	}
	if !root.hasClass("bl-msc") || !root.hasClass("theme-light") {
		t.Errorf("root class %q", root.attr["class"])
	}
}

// messages returns the arrows of a step as "from>to:label".
func messages(t *testing.T, step *node) []string {
	t.Helper()
	var got []string
	for _, msg := range step.find("msc-message") {
		msg.one(t, "msc-line")
		msg.one(t, "msc-head")
		got = append(got, msg.attr["data-from"]+">"+msg.attr["data-to"]+":"+msg.one(t, "msc-channel").text)
	}
	return got
}

func TestChartSteps(t *testing.T) {
	root := parseTree(t, SequenceChart(trainGate(), Options{}))
	steps := root.find("msc-step")
	want := [][]string{
		{"0>2:appr[0]"},
		nil,
		{"2>0:stop", "2>1:stop", "2>3:stop"},
		{"1>2:a<b"},
	}
	if len(steps) != len(want) {
		t.Fatalf("%d step rows, want %d", len(steps), len(want))
	}
	for k, step := range steps {
		if step.attr["data-step"] != strconv.Itoa(k) {
			t.Errorf("row %d: data-step %q", k, step.attr["data-step"])
		}
		if got := messages(t, step); strings.Join(got, " ") != strings.Join(want[k], " ") {
			t.Errorf("step %d: arrows %q, want %q", k, got, want[k])
		}
		ticks := step.find("msc-tick")
		if internal := want[k] == nil; step.hasClass("internal") != internal || len(ticks) != map[bool]int{true: 1, false: 0}[internal] {
			t.Errorf("step %d: class %q and %d dots, internal %v", k, step.attr["class"], len(ticks), internal)
		}
	}
	if tick := steps[1].one(t, "msc-tick"); tick.attr["data-process"] != "3" {
		t.Errorf("internal dot on process %q, want 3", tick.attr["data-process"])
	}
	if states := root.find("msc-state"); len(states) != len(steps)+1 {
		t.Errorf("%d state rows, want %d", len(states), len(steps)+1)
	}
}

func TestChartCurrent(t *testing.T) {
	for _, current := range []int{-1, 0, 2, 4, 5} {
		m := trainGate()
		m.Current = current
		root := parseTree(t, SequenceChart(m, Options{}))
		var marked, fired []string
		for _, s := range root.find("msc-state") {
			if s.hasClass("current") {
				marked = append(marked, s.attr["data-state"])
				s.one(t, "msc-band")
			}
		}
		for _, s := range root.find("msc-step") {
			if s.hasClass("fired") {
				fired = append(fired, s.attr["data-step"])
			}
		}
		wantMarked, wantFired := "", ""
		if current >= 0 && current <= len(m.Steps) {
			wantMarked = strconv.Itoa(current)
		}
		if current >= 1 && current <= len(m.Steps) {
			wantFired = strconv.Itoa(current - 1)
		}
		if strings.Join(marked, ",") != wantMarked || strings.Join(fired, ",") != wantFired {
			t.Errorf("Current %d: current states %v, fired steps %v; want %q and %q", current, marked, fired, wantMarked, wantFired)
		}
	}
}

func TestChartLocations(t *testing.T) {
	root := parseTree(t, SequenceChart(trainGate(), Options{}))
	want := []string{
		"0:Safe 1:Safe 2:Free 3:Idle",
		"0:Appr 2:Occ",
		"3:Look",
		"0:Stop",
		"", // the last step does not say
	}
	for k, s := range root.find("msc-state") {
		var got []string
		for _, l := range s.find("msc-loc") {
			got = append(got, l.attr["data-process"]+":"+l.text)
		}
		if strings.Join(got, " ") != want[k] {
			t.Errorf("state %d: locations %q, want %q", k, strings.Join(got, " "), want[k])
		}
	}
}

func TestChartText(t *testing.T) {
	m := trainGate()
	m.Processes[3] = `W"<&>'`
	svg := SequenceChart(m, Options{})
	if !strings.Contains(svg, ">a&lt;b</text>") || !strings.Contains(svg, "W&quot;&lt;&amp;&gt;&#39;") {
		t.Error("text not escaped")
	}
	root := parseTree(t, svg)
	steps := root.find("msc-step")
	var titles []string
	for _, s := range steps {
		for _, k := range s.kids {
			if k.name == "title" {
				titles = append(titles, k.text)
			}
		}
	}
	if len(titles) != len(m.Steps) || titles[3] != "x < 5 && y > 2" {
		t.Errorf("step tooltips %q", titles)
	}
	if d := steps[1].one(t, "msc-delay").text; d != "δ=3/2" {
		t.Errorf("delay %q, want δ=3/2", d)
	}
	if n := len(steps[0].find("msc-delay")); n != 0 {
		t.Errorf("%d delays drawn for a step without one", n)
	}
	if name := root.find("msc-name")[3].text; name != m.Processes[3] {
		t.Errorf("process name read back as %q", name)
	}
	if strings.Contains(SequenceChart(MSC{Processes: []string{"bad\x01"}}, Options{}), "\x01") {
		t.Error("control character written to XML")
	}
}

// viewBox returns the root's view box as x, y, width, height.
func viewBox(t *testing.T, root *node) [4]float64 {
	t.Helper()
	var vb [4]float64
	fs := strings.Fields(root.attr["viewBox"])
	if len(fs) != 4 {
		t.Fatalf("viewBox %q", root.attr["viewBox"])
	}
	for i, f := range fs {
		vb[i], _ = strconv.ParseFloat(f, 64)
	}
	if vb[2] <= 0 || vb[3] <= 0 {
		t.Fatalf("empty view box %v", vb)
	}
	return vb
}

// extent returns the box an element covers, from its geometry and, for
// text, from the estimated width the renderer uses.
func extent(t *testing.T, n *node) (b box, ok bool) {
	switch n.name {
	case "line":
		b.addPoint(vec{n.float(t, "x1"), n.float(t, "y1")})
		b.addPoint(vec{n.float(t, "x2"), n.float(t, "y2")})
	case "rect":
		b.addRect(vec{n.float(t, "x"), n.float(t, "y")}, n.float(t, "width"), n.float(t, "height"))
	case "circle":
		b.addCircle(vec{n.float(t, "cx"), n.float(t, "cy")}, n.float(t, "r"))
	case "path":
		pathExtent(t, n.attr["d"], &b)
	case "text":
		w := textWidth(n.text)
		if n.hasClass("msc-loc") || n.hasClass("msc-delay") {
			w = smallWidth(n.text)
		}
		x, y := n.float(t, "x"), n.float(t, "y")
		if n.attr["text-anchor"] == "middle" {
			x -= w / 2
		}
		b.addRect(vec{x, y - ascent}, w, lineHeight)
	default:
		return b, false
	}
	return b, true
}

// pathExtent adds the points of path data written with M, L, H, V and Z.
func pathExtent(t *testing.T, d string, b *box) {
	t.Helper()
	var p vec
	for _, cmd := range splitPath(d) {
		args := strings.FieldsFunc(cmd[1:], func(r rune) bool { return r == ' ' || r == ',' })
		nums := make([]float64, len(args))
		for i, a := range args {
			var err error
			if nums[i], err = strconv.ParseFloat(a, 64); err != nil {
				t.Fatalf("path %q: %v", d, err)
			}
		}
		switch cmd[0] {
		case 'M', 'L':
			p = vec{nums[0], nums[1]}
		case 'H':
			p.x = nums[0]
		case 'V':
			p.y = nums[0]
		}
		b.addPoint(p)
	}
}

func splitPath(d string) []string {
	var cmds []string
	start := 0
	for i := 1; i <= len(d); i++ {
		if i == len(d) || strings.ContainsRune("MLHVZ", rune(d[i])) {
			cmds = append(cmds, d[start:i])
			start = i
		}
	}
	return cmds
}

// wideChart is trainGate with long names at both ends and a long arrow.
func wideChart() MSC {
	m := trainGate()
	m.Processes[3] = "Watchdog_of_everything"
	m.Steps = append(m.Steps, MSCStep{Delay: "1000000/3", Sender: 3, Receivers: []int{0}, Channel: "a_very_long_channel_name[12]",
		Locations: []string{"Safe", "Approaching_the_crossing", "Occ", "Looking_at_the_last_train"}})
	return m
}

// TestChartViewBox checks that everything drawn, text by its estimated
// width, lies inside the view box less its margin.
func TestChartViewBox(t *testing.T) {
	for _, opts := range []Options{{}, {Standalone: true, Theme: ThemeDark}} {
		root := parseTree(t, SequenceChart(wideChart(), opts))
		vb := viewBox(t, root)
		inner := box{vb[0] + margin, vb[1] + margin, vb[0] + vb[2] - margin, vb[1] + vb[3] - margin, true}
		var walk func(n *node)
		walk = func(n *node) {
			if n.hasClass("background") {
				return
			}
			if b, ok := extent(t, n); ok && (b.minX < inner.minX || b.minY < inner.minY || b.maxX > inner.maxX || b.maxY > inner.maxY) {
				t.Errorf("<%s class=%q> covers %v, outside %v", n.name, n.attr["class"], b, inner)
			}
			for _, k := range n.kids {
				walk(k)
			}
		}
		walk(root)
	}
}

// TestChartOverlap checks that name boxes keep apart and that no channel
// label, location name or delay crosses a lifeline.
func TestChartOverlap(t *testing.T) {
	root := parseTree(t, SequenceChart(wideChart(), Options{}))
	var xs []float64
	for _, l := range root.find("msc-lifeline") {
		xs = append(xs, l.float(t, "x1"))
	}
	boxes := root.find("msc-box")
	for i := 1; i < len(boxes); i++ {
		if left, right := boxes[i-1], boxes[i]; left.float(t, "x")+left.float(t, "width") >= right.float(t, "x") {
			t.Errorf("name boxes %d and %d overlap", i-1, i)
		}
	}
	for _, cls := range []string{"msc-channel", "msc-loc", "msc-delay"} {
		for _, txt := range root.find(cls) {
			b, _ := extent(t, txt)
			for i, x := range xs {
				if b.minX < x && x < b.maxX {
					t.Errorf("%s %q from x=%v to %v crosses lifeline %d at %v", cls, txt.text, b.minX, b.maxX, i, x)
				}
			}
		}
	}
}

// lifelineX returns the x of every lifeline.
func lifelineX(t *testing.T, m MSC) []float64 {
	t.Helper()
	var xs []float64
	for _, l := range parseTree(t, SequenceChart(m, Options{})).find("msc-lifeline") {
		xs = append(xs, l.float(t, "x1"))
	}
	return xs
}

// TestChartWidths checks that lifelines move apart for long names and
// labels, and only where they are.
func TestChartWidths(t *testing.T) {
	short := MSC{Processes: []string{"A", "B", "C"}, Current: -1}
	base := lifelineX(t, short)
	if base[1]-base[0] != mscMinGap || base[2]-base[1] != mscMinGap {
		t.Errorf("short names: lifelines at %v, want %v apart", base, mscMinGap)
	}

	long := short
	long.Processes = []string{"A", strings.Repeat("Controller", 4), "C"}
	xs := lifelineX(t, long)
	if need := textWidth(long.Processes[1])/2 + mscPad; xs[1]-xs[0] < need || xs[2]-xs[1] < need {
		t.Errorf("long name: lifelines at %v, closer than half its box %v", xs, need)
	}

	label := short
	label.Steps = []MSCStep{{Sender: 0, Receivers: []int{1}, Channel: strings.Repeat("message", 5)}}
	xs = lifelineX(t, label)
	if gap := xs[1] - xs[0]; gap < textWidth(label.Steps[0].Channel) {
		t.Errorf("label of width %v over a gap of %v", textWidth(label.Steps[0].Channel), gap)
	}
	if xs[2]-xs[1] != mscMinGap {
		t.Errorf("a label between A and B widened the gap between B and C: %v", xs)
	}

	// A broadcast's labels each sit over the gap their arrow ends in.
	label.Steps[0] = MSCStep{Sender: 0, Receivers: []int{1, 2}, Channel: strings.Repeat("message", 5)}
	xs = lifelineX(t, label)
	if w := textWidth(label.Steps[0].Channel); xs[1]-xs[0] < w || xs[2]-xs[1] < w {
		t.Errorf("broadcast labels of width %v over gaps %v", w, xs)
	}
}

func TestChartStandalone(t *testing.T) {
	m := trainGate()
	m.Title = "train-gate: A[] not deadlock"
	svg := SequenceChart(m, Options{Standalone: true, Theme: ThemeDark})
	for _, want := range []string{"<?xml", "<style>", ".bl-msc .msc-line{", `class="background"`, `width="`, ">train-gate: A[] not deadlock</text>"} {
		if !strings.Contains(svg, want) {
			t.Errorf("standalone output lacks %s", want)
		}
	}
	root := parseTree(t, svg)
	if !root.hasClass("theme-dark") {
		t.Errorf("root class %q", root.attr["class"])
	}
	svg = SequenceChart(m, Options{})
	for _, unwanted := range []string{"<?xml", "<style>", `width="`, `class="title"`} {
		if strings.Contains(svg[:strings.Index(svg, `<g class="msc-lifelines">`)], unwanted) {
			t.Errorf("embeddable output has %s", unwanted)
		}
	}
}

// TestChartDegenerate draws charts with nothing in them and with indices
// and lists that do not fit the processes.
func TestChartDegenerate(t *testing.T) {
	charts := []MSC{
		{},
		{Steps: []MSCStep{{Delay: "1"}}, Current: 1},
		{
			Processes: []string{"P", "Q"},
			Initial:   []string{"a"},
			Steps: []MSCStep{
				{Sender: 5, Receivers: []int{0}, Channel: "c"},
				{Sender: 0, Receivers: []int{0, 1, 1, -1, 9}, Channel: "d"},
				{Sender: 1, Channel: "lonely", Locations: []string{"a", "b", "c"}},
			},
		},
	}
	for i, m := range charts {
		root := parseTree(t, SequenceChart(m, Options{Standalone: true}))
		viewBox(t, root)
		if n := len(root.find("msc-step")); n != len(m.Steps) {
			t.Errorf("chart %d: %d step rows, want %d", i, n, len(m.Steps))
		}
	}
	root := parseTree(t, SequenceChart(charts[2], Options{}))
	steps := root.find("msc-step")
	if got := messages(t, steps[0]); len(got) != 0 || len(steps[0].find("msc-tick")) != 0 {
		t.Errorf("step from a missing sender drawn: %q", got)
	}
	if got := messages(t, steps[1]); strings.Join(got, " ") != "0>1:d" {
		t.Errorf("arrows %q, want one to process 1", got)
	}
	if got := steps[2].one(t, "msc-channel").text; got != "lonely" {
		t.Errorf("broadcast without receivers labelled %q", got)
	}
}

// BenchmarkSequenceChart draws a 1000-step trace of 8 processes.
func BenchmarkSequenceChart(b *testing.B) {
	m := MSC{Current: 500}
	for i := 0; i < 8; i++ {
		m.Processes = append(m.Processes, "Train("+strconv.Itoa(i)+")")
		m.Initial = append(m.Initial, "Safe")
	}
	locs := []string{"Safe", "Appr", "Stop", "Start", "Cross"}
	for k := 0; k < 1000; k++ {
		s := MSCStep{Sender: k % 8, Label: "step " + strconv.Itoa(k), Delay: strconv.Itoa(k%7) + "/2"}
		switch k % 3 {
		case 0:
			s.Receivers, s.Channel = []int{(k + 3) % 8}, "appr["+strconv.Itoa(k%8)+"]"
		case 1:
			s.Receivers, s.Channel = []int{(k + 1) % 8, (k + 2) % 8, (k + 5) % 8}, "go"
		}
		s.Locations = append([]string(nil), m.Initial...)
		s.Locations[k%8] = locs[k%len(locs)]
		m.Steps = append(m.Steps, s)
	}
	b.ReportAllocs()
	for b.Loop() {
		SequenceChart(m, Options{})
	}
}
