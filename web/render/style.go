// Style: the style sheet of the drawings, light and dark.

package render

// style is written for plain CSS renderers (no custom properties, no
// context-stroke), so that an exported file looks the same in a browser,
// in rsvg and in a vector editor. Classes select everything; the model's
// own colours are presentation attributes, which every rule here
// overrides only for the highlight states.
const style = `
.bl-automaton{font-family:"DejaVu Sans",Verdana,Arial,sans-serif;font-size:13px}
.bl-automaton .background{fill:#ffffff}
.bl-automaton .title{font-size:15px;font-weight:bold;fill:#202020}
.bl-automaton .loc-circle{stroke:#1b3a66;stroke-width:1.5}
.bl-automaton .location:not(.has-color) .loc-circle{fill:#a9c8f0}
.bl-automaton .loc-init{fill:none;stroke:#1b3a66;stroke-width:1.2}
.bl-automaton .loc-mark{font-size:12px;font-weight:bold;text-anchor:middle;fill:#1b3a66}
.bl-automaton .edge-line{fill:none;stroke-width:1.4}
.bl-automaton .edge-head{stroke:none}
.bl-automaton .edge:not(.has-color) .edge-line{stroke:#303030}
.bl-automaton .edge:not(.has-color) .edge-head{fill:#303030}
.bl-automaton .name{fill:#6b1d7a}
.bl-automaton .invariant{fill:#a0218a}
.bl-automaton .select{fill:#9a6f00}
.bl-automaton .guard{fill:#00780c}
.bl-automaton .sync{fill:#00808a}
.bl-automaton .assign{fill:#1020c8}
.bl-automaton .other{fill:#707070}
.bl-automaton .location.active .loc-circle{fill:#ffc400;stroke:#111;stroke-width:4}
.bl-automaton .location.active .loc-init{stroke:#111}
.bl-automaton .edge.fired .edge-line{stroke:#e8451a;stroke-width:3}
.bl-automaton .edge.fired .edge-head{fill:#e8451a}
.bl-automaton .edge.fired .label,.bl-automaton .location.active .name{font-weight:bold}
.bl-automaton .location.error .loc-circle{fill:#ffd6d6;stroke:#d00000;stroke-width:3;stroke-dasharray:4 2}
.bl-automaton .edge.error .edge-line{stroke:#d00000;stroke-width:3;stroke-dasharray:6 3}
.bl-automaton .edge.error .edge-head{fill:#d00000}
.bl-automaton.theme-dark .background{fill:#1c1e22}
.bl-automaton.theme-dark .title{fill:#e8e8e8}
.bl-automaton.theme-dark .loc-circle{stroke:#a9c8f0}
.bl-automaton.theme-dark .location:not(.has-color) .loc-circle{fill:#2c4a78}
.bl-automaton.theme-dark .loc-init{stroke:#a9c8f0}
.bl-automaton.theme-dark .loc-mark{fill:#e8f0ff}
.bl-automaton.theme-dark .edge:not(.has-color) .edge-line{stroke:#c8c8c8}
.bl-automaton.theme-dark .edge:not(.has-color) .edge-head{fill:#c8c8c8}
.bl-automaton.theme-dark .name{fill:#e0a8ff}
.bl-automaton.theme-dark .invariant{fill:#ff8ad8}
.bl-automaton.theme-dark .select{fill:#ffd54a}
.bl-automaton.theme-dark .guard{fill:#72dc72}
.bl-automaton.theme-dark .sync{fill:#4fd8d8}
.bl-automaton.theme-dark .assign{fill:#94b4ff}
.bl-automaton.theme-dark .other{fill:#a0a0a0}
.bl-automaton.theme-dark .location.active .loc-circle{fill:#ffc400;stroke:#fff}
.bl-automaton.theme-dark .edge.fired .edge-line{stroke:#ff7a4d}
.bl-automaton.theme-dark .edge.fired .edge-head{fill:#ff7a4d}
.bl-automaton.theme-dark .location.error .loc-circle{fill:#5a1010;stroke:#ff5050}
.bl-automaton.theme-dark .edge.error .edge-line{stroke:#ff5050}
.bl-automaton.theme-dark .edge.error .edge-head{fill:#ff5050}
`

// Style returns the style sheet for drawings in both themes (the root's
// class "theme-light" or "theme-dark" picks one). Standalone drawings
// embed it; the page may load it as is or write its own against the same
// classes.
func Style() string { return style }

// chartStyle is the style sheet of message sequence charts, kept apart
// from style so that an exported automaton does not carry rules it never
// uses. Bands are painted with zero opacity rather than fill:none, so
// that a click anywhere in a row reaches the row's group.
const chartStyle = `
.bl-msc{font-family:"DejaVu Sans",Verdana,Arial,sans-serif;font-size:13px}
.bl-msc .background{fill:#ffffff}
.bl-msc .title{font-size:15px;font-weight:bold;fill:#202020}
.bl-msc .msc-box{fill:#a9c8f0;stroke:#1b3a66;stroke-width:1.2}
.bl-msc .msc-name{fill:#1b3a66}
.bl-msc .msc-lifeline{stroke:#7a8799;stroke-width:1;stroke-dasharray:4 3}
.bl-msc .msc-band{fill:#000000;fill-opacity:0}
.bl-msc .msc-step:hover .msc-band{fill-opacity:0.06}
.bl-msc .msc-line{fill:none;stroke:#303030;stroke-width:1.4}
.bl-msc .msc-head,.bl-msc .msc-tick{fill:#303030;stroke:none}
.bl-msc .msc-channel{fill:#00808a}
.bl-msc .msc-loc{font-size:11px;fill:#6b1d7a}
.bl-msc .msc-delay{font-size:11px;fill:#707070}
.bl-msc .msc-state.current .msc-band{fill:#ffc400;fill-opacity:0.45}
.bl-msc .msc-state.current .msc-loc{font-weight:bold}
.bl-msc .msc-step.fired .msc-line{stroke:#e8451a;stroke-width:2.4}
.bl-msc .msc-step.fired .msc-head,.bl-msc .msc-step.fired .msc-tick{fill:#e8451a}
.bl-msc .msc-step.fired .msc-channel{font-weight:bold}
.bl-msc.theme-dark .background{fill:#1c1e22}
.bl-msc.theme-dark .title{fill:#e8e8e8}
.bl-msc.theme-dark .msc-box{fill:#2c4a78;stroke:#a9c8f0}
.bl-msc.theme-dark .msc-name{fill:#e8f0ff}
.bl-msc.theme-dark .msc-lifeline{stroke:#8a96a8}
.bl-msc.theme-dark .msc-band{fill:#ffffff}
.bl-msc.theme-dark .msc-line{stroke:#c8c8c8}
.bl-msc.theme-dark .msc-head,.bl-msc.theme-dark .msc-tick{fill:#c8c8c8}
.bl-msc.theme-dark .msc-channel{fill:#4fd8d8}
.bl-msc.theme-dark .msc-loc{fill:#e0a8ff}
.bl-msc.theme-dark .msc-delay{fill:#a0a0a0}
.bl-msc.theme-dark .msc-state.current .msc-band{fill:#ffc400;fill-opacity:0.3}
.bl-msc.theme-dark .msc-step.fired .msc-line{stroke:#ff7a4d}
.bl-msc.theme-dark .msc-step.fired .msc-head,.bl-msc.theme-dark .msc-step.fired .msc-tick{fill:#ff7a4d}
`

// SequenceChartStyle returns the style sheet for message sequence charts
// in both themes, as Style does for automata. Standalone charts embed it;
// a page showing charts loads it beside Style.
func SequenceChartStyle() string { return chartStyle }
