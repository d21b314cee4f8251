/* The token goes round the ring once and on to node 2. */
E<> passes == 8

/* The ring hands the token on twelve times at most. */
A[] passes <= 2 * N
