// What Save names a file.

package main

import (
	"path"
	"strings"
)

// saveName is the file name Save gives the model named name: an XML
// model keeps its name; an .xta or .ta model, saved as XML, takes .xml in
// place of its extension; any other name gets .xml added, and no name
// at all is "untitled.xml".
func saveName(name string) string {
	ext := path.Ext(name)
	stem := strings.TrimSuffix(name, ext)
	switch strings.ToLower(ext) {
	case ".xml":
		if stem != "" {
			return name
		}
	case ".xta", ".ta":
	default:
		stem = name
	}
	if strings.TrimSpace(stem) == "" {
		return "untitled.xml"
	}
	return stem + ".xml"
}
