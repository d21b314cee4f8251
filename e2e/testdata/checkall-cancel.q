/* Quick: counter 0 counts up. */
E<> c[0] == 1
/* No such state: a blind search visits all 21^6 valuations, long enough to cancel. */
E<> c[0] == K && c[1] == K && c[2] == K && c[3] == K && c[4] == K && c[5] == K && c[0] > K
/* Quick, but never reached after a Cancel. */
E<> c[1] == 1
