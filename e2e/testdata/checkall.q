/* Queries for Check all on testdata/models/fischer.xml. The first three
   repeat the model's own, spaced differently: the page lists each once. */
A[] forall (i : pid_t)  forall (j : pid_t) P(i).cs && P(j).cs imply i == j
E<>  P(1).cs
 A[] not deadlock

/* Two processes are never in their critical sections together. */
E<> P(1).cs and P(2).cs
/* A counterexample: process 1 does enter. */
A[] not P(1).cs
E<> P(2).cs
sup: P(1).x
/* Statistical queries are not checked by Beeline. */
Pr[<=10](<> P(1).cs)
