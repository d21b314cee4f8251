// Package render draws the templates of an UPPAAL model as SVG, the way
// UPPAAL's editor shows them, for Beeline's page and for export.
//
// # Coordinates
//
// Drawings use UPPAAL's own coordinate system, unchanged: units are pixels
// at 100% zoom, x grows to the right and y grows downward, and the origin
// is wherever the model's author put it (coordinates may be negative). A
// location's point is its centre; a label's point is the top-left corner
// of its text, as UPPAAL stores it. Every drawn thing is measured into a
// bounding box, and the root's viewBox is that box plus a 16-unit margin,
// so a drawing never clips and the page can scale it freely. Text widths
// are estimated (7.2 units per character at the 13px label font), because
// nothing can be measured before the picture is on a page.
//
// # What is drawn
//
// A location is a circle of radius 10 (UPPAAL's size), filled with the
// model's colour when it gives one; the initial location has an inner
// ring, an urgent one a "U" and a committed one a "C" inside. Its name and
// invariant are drawn at their coordinates, or above and below the circle
// when the model gives none.
//
// An edge is a polyline from its source to its target through its nails,
// clipped to the two circles' boundaries, with a filled arrowhead whose
// tip touches the target's circle. A self-loop without nails is a cubic
// curve in the direction around its location farthest from its other
// edges and labels. Edges joining the same two locations without nails,
// which would be drawn on top of each other, get one made-up nail each,
// spread sideways, and the middle one of an odd group stays straight.
// Labels (select, guard, synchronisation, assignment) are drawn at their
// coordinates; those without are stacked in that order beside the edge's
// middle, above a horizontal segment and right of a vertical one. Multi-line
// label text is drawn line by line, 16 units apart. Text is escaped for XML
// (labels contain <, > and &), and characters XML forbids are dropped.
//
// # The contract with the page
//
// The page finds elements by data attributes and changes their look by
// toggling classes; Style returns the style sheet for both themes, which
// standalone drawings embed. Elements and attributes:
//
//	<svg class="bl-automaton theme-light|theme-dark" data-template="T" [data-process="P"]>
//	  <title>, and when standalone: <style>, <rect class="background">, <text class="title">
//	  <g class="edges">
//	    <g class="edge [self-loop] [has-color] [fired] [error]" id="PREFIXedge-N"
//	       data-edge="N" data-source="ID" data-target="ID">
//	      <path class="edge-line">  <path class="edge-head">
//	      <text class="label select|guard|sync|assign|other">
//	  <g class="locations">
//	    <g class="location [initial] [urgent] [committed] [has-color] [active] [error]"
//	       id="PREFIXloc-ID" data-loc="ID">
//	      <circle class="loc-circle">  <circle class="loc-init">  <text class="loc-mark">
//	      <text class="label name">  <text class="label invariant">
//
// With Options.Edit (the page's editor) the root also has the class
// "editing", the view box a margin of 96 instead of 16 (room to add
// locations around the drawing), and:
//
//	<g class="edge ..." ... tabindex="0" role="button" aria-label="edge N from A to B">
//	  <path class="edge-hit">  (the edge's route, for a wide transparent stroke)
//	  <path class="edge-line">  <path class="edge-head">
//	  <text class="label ..." data-label="select|guard|synchronisation|assignment|KIND">
//	  <circle class="nail" data-nail="K">  (one per nail of the document, in order)
//	<g class="location ..." ... tabindex="0" role="button" aria-label="location NAME">
//	  <text class="label name" data-label="name">
//	  <text class="label invariant" data-label="invariant">
//
// A and B and NAME are location names, or ids when unnamed. A label's
// top-left corner is (x, y-12) of its <text>, the same point the document
// stores.
//
// N is the edge's index in the template's edge list (document order, the
// index protocol.Process.Edges maps to); ID is the location's id as in the
// template. PREFIX is Options.IDPrefix, by default the title made safe for
// ids, so several drawings can share a page. The page highlights the
// current state by adding "active" to location groups, the transition just
// taken by adding "fired" to edge groups, and where an error is by adding
// "error" to either; a static drawing gets the same classes from Options.
// Model colours are presentation attributes (fill on loc-circle, stroke on
// edge-line, fill on edge-head) marked by "has-color", so the style sheet
// colours only the others and the highlight rules override both.
//
// # Layout
//
// Templates without coordinates (.xta models, or HasLayout false) are laid
// out by Layout, a layered drawing after Sugiyama, Tagawa and Toda
// ("Methods for visual understanding of hierarchical system structures",
// IEEE SMC 1981), read left to right:
//
//  1. Layers: breadth-first distance from the initial location; locations
//     it cannot reach start searches of their own from layer 0, in
//     document order. Every edge then goes one layer right, stays in its
//     layer, or goes back left (or, between searches, skips layers).
//  2. Order within layers: from breadth-first discovery order, up to four
//     pairs of barycentre sweeps (down the layers, then up), each location
//     moving to the mean position of its neighbours in the layer just
//     swept; crossings between neighbouring layers are counted after each
//     pair and the best ordering wins (the first one on ties).
//  3. Coordinates: layers are columns, each centred vertically; the gap
//     after a column is wide enough for the labels of the edges crossing
//     it and for the names, invariants and self-loops of its locations,
//     and rows are at least 96 apart and far enough for the labels stacked
//     between two locations.
//  4. Routes: edges between neighbouring layers, or neighbours in one
//     layer, are straight; an edge within a layer that would cross the
//     locations in between bends once to the right; any other edge leaves
//     its source to the right, runs down (or up) beside the source's
//     column, along a track of its own below (or above) the drawing, and
//     up (or down) into its target from the left, with its labels on the
//     outer side of the track. Parallel straight edges get distinct nails
//     as above, and self-loops two nails in their freest direction.
//  5. Labels: names above and invariants below their location, edge
//     labels as the drawing would place them, all written into the copy.
//
// Everything iterates in document or layer order with stable sorts, so
// the layout is deterministic. Its cost is O(sweeps·E² + V·E) for V
// locations and E edges, negligible for automata drawn by people.
//
// # Message sequence charts
//
// SequenceChart draws a trace the way UPPAAL's simulator does: one
// vertical lifeline per process under a box with its name, time going
// down, and alternating rows for the states and the steps between them
// (state K, step K, state K+1, ...). A step's synchronisation is an arrow
// from the sender's lifeline to each receiver's, all in the step's row,
// labelled with the channel over the last gap it crosses, so that the
// labels of a broadcast never share a gap; an internal transition is a dot
// on its process's lifeline. A state row writes the location names that
// change in it (all of them in state 0), right of the lifelines, and a step
// row its delay at the left. Each gap between lifelines is at least 96
// wide and grows to fit the two name boxes, the location names written
// right of its left lifeline and the labels over it; text widths are
// estimated as for automata (11px text at 11/13 of the width). Rows have
// fixed heights, so the chart grows linearly with processes and steps, and
// drawing costs time linear in its elements. The content starts at (0, 0);
// the viewBox adds the same 16-unit margin. Elements and attributes:
//
//	<svg class="bl-msc theme-light|theme-dark">
//	  <title>, and when standalone: <style>, <rect class="background">, <text class="title">
//	  <g class="msc-lifelines">
//	    <g class="msc-process" data-process="I">
//	      <line class="msc-lifeline">  <rect class="msc-box">  <text class="msc-name">
//	  <g class="msc-rows">
//	    <g class="msc-state [current]" data-state="K">
//	      <rect class="msc-band">  <text class="msc-loc" data-process="I">
//	    <g class="msc-step sync|internal [fired]" data-step="K">
//	      <title>  <rect class="msc-band">  <text class="msc-delay">
//	      <g class="msc-message" data-from="I" data-to="J">
//	        <path class="msc-line">  <path class="msc-head">  <text class="msc-channel">
//	      <circle class="msc-tick" data-process="I">  <text class="msc-channel">
//
// I and J index MSC.Processes; step K leads from state K to state K+1.
// The state MSC.Current gets "current" and the step into it "fired"; the
// page moves them by toggling those classes. A band spans its row's whole
// width and is transparent but painted, so a click anywhere in a row hits
// its group. The step's <title> is MSCStep.Label, shown as a tooltip. An
// internal step has a dot and no message; a broadcast that nobody receives
// has a dot with its channel beside it. There are no id attributes, so
// any number of charts can share a page. SequenceChartStyle returns the
// charts' style sheet for both themes, which standalone charts embed and
// a page loads beside Style.
package render
