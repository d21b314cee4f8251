/* Done is reachable, after 3000 steps. */
E<> P.Done
