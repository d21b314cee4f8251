/* No such state: every counter at K and one above it. Blind search explores everything. */
E<> c[0] == K && c[1] == K && c[2] == K && c[3] == K && c[4] == K && c[5] == K && c[0] > K
