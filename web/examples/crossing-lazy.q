/* A train that approaches eventually crosses: no longer, the gate may keep
   a stopped train waiting forever (a lasso counterexample). */
Train(0).Appr --> Train(0).Cross

/* The queue fills up: all three trains wait in it. */
sup: q.len

/* How long a train may approach, and how full the queue may be then. */
sup{Train(0).Appr}: Train(0).x, q.len

/* A crossing train has at least one train in the queue: itself. */
inf{Train(0).Cross}: Train(0).x, q.len

/* No state has two trains crossing. */
sup{Train(0).Cross and Train(1).Cross}: q.len

/* A run on which train 0 never crosses (a witness lasso). */
E[] not Train(0).Cross

/* Train 0 need not ever cross (a counterexample lasso). */
A<> Train(0).Cross
