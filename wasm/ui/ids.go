// Element ids of index.html that the UI looks up, by the area that owns
// them. Every lookup goes through these names; a native test checks each
// against index.html and its tag, and the page checks them all at start,
// so a renamed element is caught before it can fail a handler.

package main

const (
	// The bar: opening models, sharing, theme, presentation.
	idFileInput = "file-input"
	idPasteOpen = "paste-open"
	idNewModel  = "new-model"
	idSave      = "save"
	idGallery   = "gallery"
	idShare     = "share"
	idShortLink = "short-link"
	idTheme     = "theme"
	idPresent   = "present"
	// Notices and the share box.
	// The assets' versions (a JSON block) and the load times' report.
	idAssetVersions = "asset-versions"
	idLoadMetrics   = "load-metrics"
	idLoading       = "loading"
	idNotice        = "notice"
	idShareBox      = "share-box"
	idShareUrl      = "share-url"
	idShareWarn     = "share-warn"
	idShareNote     = "share-note"
	idShareCopied   = "share-copied"
	// The working copy's notice (keep_js.go).
	idWorkNote    = "work-note"
	idWorkText    = "work-text"
	idWorkRestore = "work-restore"
	idWorkDiscard = "work-discard"
	// The model area.
	idEditor       = "editor"
	idModelName    = "model-name"
	idEmpty        = "empty"
	idCards        = "cards"
	idDiagnostics  = "diagnostics"
	idProcesses    = "processes"
	idDrawingsBar  = "drawings-bar"
	idProcessBox   = "process-box"
	idProcessCount = "process-count"
	idDrawMode     = "draw-mode"
	idDrawings     = "drawings"
	// The workbench's text side, in the model area.
	idBench       = "bench"
	idUndo        = "undo"
	idRedo        = "redo"
	idParts       = "parts"
	idAddTemplate = "add-template"
	idPartPane    = "part-pane"
	// The verifier, in #verifier: the verifier component's alone.
	idQueries        = "queries"
	idAddQuery       = "add-query"
	idNewQuery       = "new-query"
	idOrder          = "order"
	idHeuristicLabel = "heuristic-label"
	idHeuristic      = "heuristic"
	idParams         = "heuristic-params" // the heuristic's settings
	idTableNote      = "table-note"
	idOrderNote      = "order-note"
	// The menus' descriptions (verifier_js.go), and the line that says
	// the selected query ignores the heuristic.
	idHeuristicNote    = "heuristic-note"
	idHeuristicIgnored = "heuristic-ignored"
	idTraceNote        = "trace-note"
	idSymmetryNote     = "symmetry-note"
	idTrace            = "trace"
	idSymmetry         = "symmetry"
	idMemory           = "memory"
	idTableBudget      = "table-budget"
	idSeed             = "seed"
	idWorkers          = "workers"      // the workers of one search (split_js.go)
	idWorkersNote      = "workers-note" // what they apply to
	idTablesTotal      = "tables-total"
	idClearTables      = "clear-tables"
	idCheck            = "check"
	idCheckAll         = "check-all"
	idCancel           = "cancel"
	idSimulate         = "simulate"
	idProgress         = "progress"
	idStatus           = "status"
	idSummary          = "summary" // the summary of a check of several queries
	// The table of the auto order's race (race_js.go).
	idRace        = "race"
	idRaceSummary = "race-summary"
	idRaceRows    = "race-rows"
	// The simulator and the trace player.
	idSimulator      = "simulator"
	idSimClose       = "sim-close"
	idTraceTitle     = "trace-title"
	idSimMode        = "sim-mode"
	idSimReset       = "sim-reset"
	idSimRandom      = "sim-random"
	idSimRandomSteps = "sim-random-steps"
	idFirst          = "first"
	idBack           = "back"
	idPlay           = "play"
	idForward        = "forward"
	idLast           = "last"
	idReplay         = "replay"
	idSpeed          = "speed"
	idStepOf         = "step-of"
	idTraceJson      = "trace-json"
	idSteps          = "steps"
	idDelayRow       = "delay-row"
	idSimDelay       = "sim-delay"
	idSimWait        = "sim-wait"
	idEnabled        = "enabled"
	idSimNote        = "sim-note"
	idVars           = "vars"
	idClocks         = "clocks"
	idShowZone       = "show-zone"
	idZone           = "zone"
	// The message sequence chart.
	idMsc    = "msc"
	idMscSvg = "msc-svg"
	// Dialogs.
	idPasteDialog  = "paste-dialog"
	idPasteText    = "paste-text"
	idPasteQueries = "paste-queries"
	idKeysDialog   = "keys-dialog"
	idKeysClose    = "keys-close"
)

// elementTags maps each id to the tag of its element in index.html.
var elementTags = map[string]string{
	idFileInput:        "input",
	idPasteOpen:        "button",
	idNewModel:         "button",
	idSave:             "button",
	idWorkNote:         "div",
	idWorkText:         "span",
	idWorkRestore:      "button",
	idWorkDiscard:      "button",
	idGallery:          "select",
	idShare:            "button",
	idShortLink:        "button",
	idTheme:            "button",
	idPresent:          "button",
	idAssetVersions:    "script",
	idLoadMetrics:      "p",
	idLoading:          "div",
	idNotice:           "div",
	idShareBox:         "div",
	idShareUrl:         "input",
	idShareWarn:        "span",
	idShareNote:        "span",
	idShareCopied:      "span",
	idEditor:           "section",
	idModelName:        "span",
	idEmpty:            "div",
	idCards:            "ul",
	idDiagnostics:      "div",
	idProcesses:        "table",
	idDrawingsBar:      "div",
	idProcessBox:       "details",
	idProcessCount:     "span",
	idDrawMode:         "select",
	idDrawings:         "div",
	idBench:            "div",
	idUndo:             "button",
	idRedo:             "button",
	idParts:            "ul",
	idAddTemplate:      "button",
	idPartPane:         "div",
	idQueries:          "ol",
	idAddQuery:         "form",
	idNewQuery:         "input",
	idOrder:            "select",
	idHeuristicLabel:   "label",
	idHeuristic:        "select",
	idParams:           "div",
	idTableNote:        "span",
	idOrderNote:        "span",
	idHeuristicNote:    "span",
	idHeuristicIgnored: "span",
	idTraceNote:        "span",
	idSymmetryNote:     "span",
	idTrace:            "select",
	idSymmetry:         "select",
	idMemory:           "input",
	idTableBudget:      "input",
	idSeed:             "input",
	idWorkers:          "input",
	idWorkersNote:      "span",
	idTablesTotal:      "span",
	idClearTables:      "button",
	idCheck:            "button",
	idCheckAll:         "button",
	idCancel:           "button",
	idSimulate:         "button",
	idProgress:         "dl",
	idStatus:           "p",
	idSummary:          "p",
	idRace:             "details",
	idRaceSummary:      "summary",
	idRaceRows:         "tbody",
	idSimulator:        "section",
	idSimClose:         "button",
	idTraceTitle:       "span",
	idSimMode:          "select",
	idSimReset:         "button",
	idSimRandom:        "button",
	idSimRandomSteps:   "select",
	idFirst:            "button",
	idBack:             "button",
	idPlay:             "button",
	idForward:          "button",
	idLast:             "button",
	idReplay:           "button",
	idSpeed:            "select",
	idStepOf:           "span",
	idTraceJson:        "a",
	idSteps:            "div",
	idDelayRow:         "div",
	idSimDelay:         "input",
	idSimWait:          "span",
	idEnabled:          "ol",
	idSimNote:          "p",
	idVars:             "table",
	idClocks:           "table",
	idShowZone:         "input",
	idZone:             "pre",
	idMsc:              "div",
	idMscSvg:           "a",
	idPasteDialog:      "dialog",
	idPasteText:        "textarea",
	idPasteQueries:     "textarea",
	idKeysDialog:       "dialog",
	idKeysClose:        "button",
}
