/* B can be reached */
E<> P.B

/* A is where it starts */
E<> P.A
