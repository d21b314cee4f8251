/* A train can cross. */
E<> Train(0).Cross

/* Two trains never cross together. */
A[] forall (i : id_t) forall (j : id_t) Train(i).Cross && Train(j).Cross imply i == j

/* The queue never overflows. */
A[] q.len <= N

/* No deadlock. */
A[] not deadlock

//NO_QUERY

/* Every approaching train eventually crosses. */
Train(1).Appr --> Train(1).Cross
