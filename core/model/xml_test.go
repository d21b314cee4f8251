// Models read from UPPAAL XML: diagnostic contexts with edge ids and
// location names, and UPPAAL 3's separate instantiation element.

package model

import (
	"strings"
	"testing"

	"beeline/core/source"
	"beeline/core/uppaal"
)

func loadXML(t *testing.T, src string) (*Network, *source.FileSet, source.List) {
	t.Helper()
	fs := source.NewFileSet()
	doc, diags := uppaal.Read(fs, "m.xml", []byte(src))
	if diags.HasErrors() {
		t.Fatalf("read: %v", diags)
	}
	n, l := Load(doc)
	return n, fs, l
}

const xmlModel = `<?xml version="1.0" encoding="utf-8"?>
<nta>
<declaration>int x; clock c;</declaration>
<template>
<name>P</name>
<location id="id0"><name>cs</name><label kind="invariant">c != 2</label></location>
<location id="id1"></location>
<init ref="id0"/>
<transition id="id5"><source ref="id0"/><target ref="id1"/><label kind="guard">x &lt; zz</label></transition>
<transition><source ref="id1"/><target ref="id0"/><label kind="assignment">x = 1.5</label></transition>
</template>
<system>system P;</system>
</nta>`

func TestXMLContexts(t *testing.T) {
	n, fs, diags := loadXML(t, xmlModel)
	if n != nil {
		t.Fatal("loaded a model with errors")
	}
	var got []string
	for _, d := range fs.Sort(diags) {
		got = append(got, fs.Format(d))
	}
	want := []string{
		"m.xml:6:59: template P, invariant of location cs: clock disequality is only allowed in guards and queries",
		"m.xml:9:87: template P, guard of edge id5: undeclared identifier \"zz\"",
		"m.xml:10:80: template P, update of edge id1 -> cs: fractional constants are not supported (1.5)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

const uppaal3 = `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE nta PUBLIC "-//Uppaal Team//DTD Flat System 1.0//EN" "http://www.docs.uu.se/docs/rtmv/uppaal/xml/flat-1_0.dtd">
<nta>
<declaration>int v;</declaration>
<template><name>T</name><parameter>int &amp;r, const int k</parameter>
<location id="a"><name>A</name></location><init ref="a"/>
<transition><source ref="a"/><target ref="a"/><label kind="assignment">r := k</label></transition>
</template>
<instantiation>T1 := T(v, 3);</instantiation>
<system>system T1;</system>
</nta>`

func TestUppaal3Instantiation(t *testing.T) {
	n, fs, diags := loadXML(t, uppaal3)
	if n == nil {
		for _, d := range diags {
			t.Errorf("%s", fs.Format(d))
		}
		t.FailNow()
	}
	if names(n) != "T1" {
		t.Errorf("processes %s", names(n))
	}
	env, vars := runUpdate(t, n)
	if env.Err != nil || vars[0] != 3 {
		t.Errorf("v = %d, err %v", vars[0], env.Err)
	}
}

func TestBigLiteral(t *testing.T) {
	expectValue(t, "int x; int y = 5;", "x = y < 2147483648", "x", 1)
	expectValue(t, "int x; int y = 5;", "x = 2147483648 <= y", "x", 0)
	n := mustLoad(t, tiny("int[0,2147483648] d;", "", "", ""))
	if n.Vars[0].Hi != 1<<31-1 {
		t.Errorf("range %d..%d", n.Vars[0].Lo, n.Vars[0].Hi)
	}
	expectValue(t, "int[-2147483648,0] d = -2147483648; int x;", "x = d < 0", "x", 1)
	expectUpdateError(t, "int x;", "x = 2147483648", "integer constant 2147483648 is too large")
}
