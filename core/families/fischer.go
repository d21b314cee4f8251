// Fischer's mutual exclusion protocol.

package families

import "fmt"

// Fischer returns Fischer's mutual exclusion protocol for n processes
// as UPPAAL's textual format (the correct version: a process enters only
// once its clock passes k after writing id): the classic benchmark of
// zone-graph engines, whose full state space grows about fourfold per
// process. `beeline bench` has its instances with 9 and 10 processes
// built in; a query E<> false explores the whole state space.
func Fischer(n int) string {
	return fmt.Sprintf(`const int N = %d;
typedef int[1,N] pid_t;
int[0,N] id;
const int k = 2;
process P(const pid_t pid) {
  clock x;
  state idle, req { x <= k }, wait, cs;
  init idle;
  trans
    idle -> req { guard id == 0; assign x = 0; },
    req -> wait { guard x <= k; assign x = 0, id = pid; },
    wait -> req { guard id == 0; assign x = 0; },
    wait -> cs { guard x > k && id == pid; },
    cs -> idle { assign id = 0; };
}
system P;
`, n)
}
