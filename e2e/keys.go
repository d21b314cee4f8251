// Typing as a keyboard does, for editors that act on keydown.

package e2e

import (
	"context"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// TypeKeys types s into the focused element with the events a real
// keyboard makes, holding the modifiers mods: for each key a raw key
// down, the character (for a printable key with no modifier but Shift),
// and the key up. Chromium drops the character when a handler prevented
// the key down, as it does for a keyboard. chromedp.KeyEvent alone sends
// a plain key down, whose character is inserted even then: Enter in the
// code editor, which acts on the key down, would insert two line breaks.
func TypeKeys(t testing.TB, ctx context.Context, s string, mods ...chromedp.Modifier) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.KeyEvent(s, chromedp.KeyModifiers(mods...), rawKeyDown)); err != nil {
		t.Fatalf("typing %q: %v", s, err)
	}
}

// rawKeyDown makes a key down event a raw one, as Chromium's own input is.
func rawKeyDown(p *input.DispatchKeyEventParams) {
	if p.Type == input.DispatchKeyEventTypeKeyDown {
		p.Type = input.DispatchKeyEventTypeRawKeyDown
	}
}
