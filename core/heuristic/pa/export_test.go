package pa

// SetMaxSyntaxAbs sets the bound on the syntax mode's abstractions for a
// test, and returns what restores it.
func SetMaxSyntaxAbs(n int) (restore func()) {
	old := maxSyntaxAbs
	maxSyntaxAbs = n
	return func() { maxSyntaxAbs = old }
}
