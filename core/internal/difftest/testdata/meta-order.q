E<> P.C
A[] not P.C
